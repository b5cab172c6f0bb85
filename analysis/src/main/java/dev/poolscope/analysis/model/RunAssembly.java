package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import dev.poolscope.analysis.jtl.JtlReader;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * A run's model assembled from what its reads collected ({@link RunModelBuilder}): the client join, each request's
 * attribution, the run-wide figures.
 */
final class RunAssembly {
    private RunAssembly() {
    }

    /** {@code c}: the collectors, joined; {@code recording} may be null when only the .jtl was readable. */
    static RunModel assemble(RunCollectors c, SampledWaits wall, ClientCollector client,
            MeasuredWindow window,
            long maxSpans, RunMetadata metadata, RecordingInfo recording, JtlReader.Result jtl,
            List<String> notes) {
        RunData data = new RunData(c, wall);
        List<Events.Request> kept = c.requests.requests;
        ReactiveData reactive = c.reactive.data(c.requests.loops);
        reactive.seal(data, kept);
        List<String> all = new ArrayList<>(notes);
        Notes.caps(all, c, maxSpans, wall);
        kept.sort(Comparator.comparingLong(Events.Request::startNanos));
        RunFigures figures = new RunFigures(c, data, client, window);
        MeasuredWindow measured = window != null ? window : figures.wholeRecording(recording, kept);
        ClientJoin.Result joined = ClientJoin.join(kept, client, window, c.scope.sample, c.requests, all);
        RunModel.Sampling sampling = figures.sampling(kept);
        long[] span = figures.activeSpan(recording, kept);
        TimelineCollector timeline = new TimelineCollector(span[0], span[1], RunFigures.laneThreads(kept));
        Attribution a = new Attribution(data, reactive);
        a.attribute(kept, joined.partner(), timeline);
        Notes.clock(all, a.clocked, a.unclocked);
        List<RequestTimeline> requests = a.requests;
        List<StepProfile> slowest = a.slowest(c.requests.longest);
        Set<Long> workerIds = SchedFigures.threadIds(requests);
        int lanesOmitted = Math.max(0, workerIds.size() - RunFigures.LANES);
        boolean schedstat = SchedFigures.usable(data, workerIds);
        if (!schedstat && !requests.isEmpty()) {
            Notes.noSchedStat(all);
        }
        return new RunModel(metadata, recording, jtl, List.copyOf(all), measured, span[0], span[1],
                List.copyOf(requests), List.copyOf(client.client), joined.join(c.requests, requests.size()),
                a.total, figures.pools(metadata), figures.redis(), figures.http(), figures.process(),
                SchedFigures.of(data, workerIds, measured),
                SchedFigures.of(data, c.redis.eventLoopThreads, measured),
                SchedFigures.carriers(data, measured),
                timeline.finish(lanesOmitted), slowest, figures.gapWindows(requests), schedstat,
                RunModel.LockSite.top(a.lockTotals), c.startup.finish(),
                reactive.loops.isEmpty()
                        ? EventLoops.NONE
                        : EventLoops.of(reactive, new MeasuredWindow(span[0], span[1], measured.source()),
                                a.split.queueBehind, c.redis.eventLoopThreads),
                sampling, c.statements.statements(a.statements), c.memory.finish(), a.overlaps.result(),
                SteadyState.NOT_JUDGED);
    }
}
