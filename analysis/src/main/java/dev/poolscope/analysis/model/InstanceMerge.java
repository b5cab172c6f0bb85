package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.poolscope.analysis.jtl.JtlSample;

/**
 * Several instances of one service, each recorded by its own agent: every instance's model is built on its own (its
 * threads, pools and gauges belong to its JVM), then restricted to the client samples it served, and the instances
 * are merged into one model of the service for the figures that add up: requests, client samples, the join, server
 * time by cause and the slowest requests. Gauges, lanes and per-thread totals stay per instance.
 */
public final class InstanceMerge {

    private InstanceMerge() {
    }

    /**
     * The instance's model with only the client samples joined to its own requests. Each instance was built against
     * the whole .jtl, so samples another instance served would otherwise count as its own unmatched ones; a sample
     * no instance served (a refused connection, say) belongs to the merged figures only.
     */
    public static RunModel restrict(RunModel m) {
        List<JtlSample> own = m.requests().stream().map(RequestTimeline::client)
                .filter(java.util.Objects::nonNull)
                .sorted(Comparator.comparingLong(JtlSample::timeStampMillis)).toList();
        RunModel.Join j = m.join();
        RunModel.Join join = new RunModel.Join(j.matched(), j.matchedByTime(), j.serverOnly(), 0, 0,
                j.matchedByTime(), j.warmupExcluded(), j.requestsOutsideWindow(), 0);
        return new RunModel(m.metadata(), m.recording(), m.jtl(), m.notes(), m.window(), m.startNanos(),
                m.endNanos(), m.requests(), own, join, m.serverTotal(), m.pools(), m.redis(), m.http(),
                m.process(),
                m.workers(), m.eventLoop(), m.carriers(), m.timeline(), m.slowest(),
                m.redisToConnectionGaps(),
                m.cpuFromSchedstat(), m.locks(), m.startup(), m.loops(),
                restrict(m.sampling(), own, m.window()),
                m.statements(), m.memory(),
                m.overlaps(), m.steady());
    }

    /** Every instance's overlaps, summed: each instance's requests on its own threads and its own pauses. */
    private static Overlaps overlaps(List<RunModel> instances) {
        long[] sum = new long[12];
        for (RunModel m : instances) {
            Overlaps o = m.overlaps();
            long[] v = {o.lockWaitNanos(), o.lockWaitPausedNanos(), o.lockWaitWithOwnerNanos(),
                    o.ownerRunDelayNanos(), o.poolWaitNanos(), o.poolWaitPausedNanos(), o.holdNanos(),
                    o.holdPausedNanos(), o.holdRunDelayNanos(), o.redisWaitNanos(), o.redisWaitPausedNanos(),
                    o.holdIndependentNanos()};
            for (int i = 0; i < v.length; i++) {
                sum[i] += v[i];
            }
        }
        return new Overlaps(sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6], sum[7], sum[8], sum[9],
                sum[10], sum[11]);
    }

    /**
     * The instance's own samples are all it has unless the .jtl was sampled: then the counts stay the whole run's. Its
     * offered concurrency is its own clients' with a request outstanding, from the samples joined to its requests,
     * each standing for the stride they were kept at: with a sample of the requests, their samples (every k-th
     * request's); else, with a thinned .jtl, every k-th sample.
     */
    private static RunModel.Sampling restrict(RunModel.Sampling s, List<JtlSample> own,
            MeasuredWindow window) {
        long stride = s.requestsSampled() ? s.requestEvery() : s.clientEvery();
        double level = Outstanding.median(window, own, stride);
        if (s.clientSampled()) {
            return new RunModel.Sampling(s.requests(), s.serverErrors(), s.requestEvery(), s.clientSamples(),
                    s.clientFailures(), s.clientEvery(), level, s.firstStartNanos(), s.lastStartNanos());
        }
        return new RunModel.Sampling(s.requests(), s.serverErrors(), s.requestEvery(), own.size(),
                own.stream().filter(c -> !c.success()).count(), 1, level, s.firstStartNanos(),
                s.lastStartNanos());
    }

    /**
     * The service's clients with a request outstanding when the .jtl was thinned: its instances' own levels added up
     * (each counted from its requests' samples); NaN when one was not measured.
     */
    private static double summed(List<RunModel> instances) {
        double sum = 0;
        for (RunModel m : instances) {
            sum += m.sampling().clientsOutstanding();
        }
        return sum;
    }

    private static RunModel.Sampling sampling(List<RunModel> instances, List<JtlSample> client) {
        RunModel.Sampling first = instances.getFirst().sampling();
        long requests = 0;
        long errors = 0;
        long every = 1;
        long firstStart = Long.MAX_VALUE;
        long lastStart = Long.MIN_VALUE;
        for (RunModel m : instances) {
            requests += m.sampling().requests();
            errors += m.sampling().serverErrors();
            every = Math.max(every, m.sampling().requestEvery());
            firstStart = Math.min(firstStart, m.sampling().firstStartNanos());
            lastStart = Math.max(lastStart, m.sampling().lastStartNanos());
        }
        return (first.clientSampled()
                ? new RunModel.Sampling(requests, errors, every, first.clientSamples(),
                        first.clientFailures(),
                        first.clientEvery(), summed(instances))
                : new RunModel.Sampling(requests, errors, every, client.size(),
                        client.stream().filter(c -> !c.success()).count(), 1,
                        Outstanding.median(instances.getFirst().window(), client, 1)))
                .withStarts(firstStart, lastStart);
    }

    /**
     * The service: every instance's requests (restricted models, see {@link #restrict}) and all client samples in the
     * window ({@code client}: the .jtl as one instance's unrestricted model read it). Per-JVM parts (gauges, lanes,
     * Redis and process signals, start-up) are left empty: they are per instance.
     */
    public static RunModel merge(List<RunModel> instances, List<JtlSample> client, List<String> notes) {
        RunModel first = instances.getFirst();
        List<RequestTimeline> requests = new ArrayList<>();
        Breakdown total = new Breakdown();
        List<StepProfile> slowest = new ArrayList<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        long matched = 0;
        long matchedByTime = 0;
        long serverOnly = 0;
        long warmup = 0;
        long outside = 0;
        Set<String> served = new HashSet<>();
        for (RunModel m : instances) {
            requests.addAll(m.requests());
            total.addAll(m.serverTotal());
            slowest.addAll(m.slowest());
            if (m.endNanos() > m.startNanos()) {
                start = Math.min(start, m.startNanos());
                end = Math.max(end, m.endNanos());
            }
            matched += m.join().matched();
            matchedByTime += m.join().matchedByTime();
            serverOnly += m.join().serverOnly();
            warmup += m.join().warmupExcluded();
            outside += m.join().requestsOutsideWindow();
            m.requests().forEach(r -> {
                if (r.client() != null && r.client().requestId() != null) {
                    served.add(r.client().requestId());
                }
            });
        }
        if (start == Long.MAX_VALUE) {
            start = first.startNanos();
            end = first.endNanos();
        }
        requests.sort(Comparator.comparingLong(RequestTimeline::startNanos));
        slowest.sort(Comparator.comparingLong((StepProfile p) -> p.request().serverNanos()).reversed());
        long withId = client.stream().filter(s -> s.requestId() != null && !s.requestId().isEmpty()).count();
        long withoutId = client.size() - withId;
        long clientOnly = client.stream()
                .filter(s -> s.requestId() != null && !s.requestId().isEmpty()
                        && !served.contains(s.requestId()))
                .count();
        RunModel.Join join = new RunModel.Join(matched, matchedByTime, serverOnly, clientOnly,
                Math.max(0, withoutId - matchedByTime), withoutId, warmup, outside,
                first.join().clientOutsideWindow());
        RunModel.Pools pools = new RunModel.Pools(List.of(), List.of(), Distribution.EMPTY, 0,
                Distribution.EMPTY,
                0, 0, 0, 0, 0, 0);
        RunModel.Redis redis = new RunModel.Redis(Distribution.EMPTY, Distribution.EMPTY, 0, List.of());
        RunModel.Process process = new RunModel.Process(List.of(), List.of(), List.of(), List.of(), 0, 0, 0,
                0,
                0, 0, 0, RunModel.Process.JFR, null, List.of());
        StateTimeline none = new StateTimeline(start, 1, new double[0][], List.of(), 0, 0, 0);
        return new RunModel(first.metadata(), null, first.jtl(), List.copyOf(notes), first.window(), start,
                end,
                List.copyOf(requests), List.copyOf(client), join, total, pools, redis, RunModel.Http.NONE,
                process,
                SchedTotals.sum(instances.stream().map(RunModel::workers).toList(), "all instances"),
                new SchedTotals(0, 0, 0, 0, 0, 0, ""),
                SchedTotals.sum(instances.stream().map(RunModel::carriers).toList(), "all instances"), none,
                slowest.stream().limit(RequestCollector.SLOWEST).toList(), List.of(),
                instances.stream().allMatch(RunModel::cpuFromSchedstat), List.of(), Startup.NONE,
                EventLoops.empty(first.reactive()), sampling(instances, client), Statements.NONE,
                RunModel.Memory.NONE,
                overlaps(instances), drain(instances));
    }

    /**
     * Not judged as a whole, but with the instances' drain when every one had it left out (they were cut together):
     * the service's clients' rates end where the clients sent their last request.
     */
    private static SteadyState drain(List<RunModel> instances) {
        SteadyState first = instances.getFirst().steady();
        return instances.stream().allMatch(m -> m.steady().drainSeconds() > 0)
                ? SteadyState.NOT_JUDGED.withDrain(first.steadyEndNanos(), first.drainSeconds(), null)
                : SteadyState.NOT_JUDGED;
    }
}
