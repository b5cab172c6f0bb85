package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import dev.poolscope.analysis.jtl.JtlReader;
import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.ChunkSink;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingException;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RecordingListener;
import dev.poolscope.analysis.recording.RecordingReader;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Builds a run's model: the .jtl into {@link ClientCollector}, the recording's chunks into per-topic collectors
 * ({@link RunCollectors}, several chunks at once, joined in file order) after the request passes chose a sample, then
 * assembles: the client join, each request's attribution, the run-wide figures.
 */
public final class RunModelBuilder implements Consumer<JtlSample>, JtlReader.Columns {
    private final long maxSpans;
    private final ClientCollector client;
    private final SampledWaits wall = new SampledWaits();
    /** Null until decided: then everything read counts (the whole-recording fallback). */
    private MeasuredWindow window;
    private final int maxRequests;
    private final RequestPasses passes;
    private RunCollectors root;

    public RunModelBuilder() {
        this(RunData.MAX_REQUESTS, RunData.MAX_SPANS);
    }

    /** With smaller caps, so tests can pass them. */
    RunModelBuilder(int maxRequests, long maxSpans) {
        this(maxRequests, maxSpans, RunData.MAX_CLIENT_SAMPLES);
    }

    /** With smaller request and client caps, so a test can reach them with a small run. */
    public static RunModelBuilder withCaps(int maxRequests, int maxClientSamples) {
        return new RunModelBuilder(maxRequests, RunData.MAX_SPANS, maxClientSamples);
    }

    RunModelBuilder(int maxRequests, long maxSpans, int maxClientSamples) {
        this.maxSpans = maxSpans;
        this.client = new ClientCollector(maxClientSamples);
        this.maxRequests = maxRequests;
        this.passes = new RequestPasses(maxRequests);
    }

    /** Restricts the figures to {@code w}; call before the recording is read. */
    public void measure(MeasuredWindow w) {
        this.window = w;
        client.measure(w);
    }

    /** The span of the JMeter samples read so far (start of the first to end of the last), or null without any. */
    public MeasuredWindow clientSpan() {
        return client.span();
    }

    @Override
    public void accept(JtlSample s) {
        client.accept(s);
    }

    @Override
    public void columns(boolean hasRequestId) {
        client.columns(hasRequestId);
    }

    /** The request-only pass: after it the requests the full pass keeps are known ({@link #readAll} next). */
    public void chooseRequests(RecordingReader reader, RecordingReader.Source source)
            throws RecordingException {
        passes.read(reader, source, window);
        if (window == null && passes.requestSpan() != null) {
            // Without run.json or JMeter samples the load ran where the requests did: gauges, GC and schedstat before
            // the first (start-up, an idle app) or after the last would be read against a load that was not there.
            measure(passes.requestSpan());
        }
    }

    /** The .jtl comes after {@link #chooseRequests}: its one read keeps the chosen requests' samples too. */
    public void clientAfterRequests() {
        client.gatherChosen(passes.sample().lookup(), maxRequests);
    }

    /** Every event, chunk by chunk on as many threads as the reader has, after {@link #chooseRequests}. */
    public RecordingInfo readAll(RecordingReader reader, RecordingReader.Source source)
            throws RecordingException {
        RunCollectors all = root();
        return reader.readAll(source, ChunkSink.of(i -> all.fork(), all::join));
    }

    /** The events of the whole recording, fed one by one (tests; the reader uses {@link #readAll}). */
    public RecordingListener events() {
        return root();
    }

    private RunCollectors root() {
        if (root == null) {
            root = new RunCollectors(new Scope(window, passes.sample()), maxRequests, maxSpans);
        }
        return root;
    }

    /** Whether one more request-only pass is wanted, when they are fed by hand (tests). */
    boolean wantsRequestPass() {
        return passes.wantsPass();
    }

    void requestPass(Events.Request e) {
        passes.request(e, window);
    }

    void requestPassEnd() {
        passes.passEnd();
    }

    /** Whether the kept samples should be the kept requests' ({@link #rereadClient}): requests and samples thinned. */
    public boolean wantsClientReread(boolean jtlHasRequestIds) {
        return client.wantsReread(jtlHasRequestIds, root().scope.sample);
    }

    /**
     * Starts keeping the samples of the kept requests instead of the thinned ones: those the first read gathered, when
     * it followed {@link #clientAfterRequests} (returns false: nothing to hand over), else every sample handed over
     * again (true).
     */
    public boolean rereadClient() {
        return client.keepKeptRequests(root().scope.sample, root().requests.requests.size());
    }

    /** One of async-profiler's wall samples of a sleeping thread (read after the JDK recording). */
    public void wallSample(Events.WallSample e) {
        wall.offer(e, root());
    }

    /**
     * One of async-profiler's CPU samples (read after the JDK recording): when there are any, the process' CPU samples
     * are these, since the JDK's miss every thread inside native code.
     */
    public void profilerCpuSample(long timeNanos, boolean yieldSpin) {
        root().cpu.profilerSample(timeNanos, yieldSpin);
    }

    /** The JDK recording's stacks in the window, for its flame graphs (none before the recording is read). */
    public StackProfiles stackProfiles() {
        return root == null ? StackProfiles.NONE : root.stacks.profiles();
    }

    /** Joins and attributes; {@code recording} may be null when only the .jtl was readable. */
    public RunModel build(RunMetadata metadata, RecordingInfo recording, JtlReader.Result jtl,
            List<String> notes) {
        RunCollectors c = root();
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
