package dev.poolscope.analysis.model;

import java.util.List;

import dev.poolscope.analysis.jtl.JtlReader;
import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Everything the rules and the views read about one run, joined and attributed. Built once by
 * {@link RunModelBuilder}; nothing here refers back to the recording.
 */
public record RunModel(RunMetadata metadata, RecordingInfo recording, JtlReader.Result jtl,
        List<String> notes, MeasuredWindow window,
        long startNanos, long endNanos, List<RequestTimeline> requests, List<JtlSample> client, Join join,
        Breakdown serverTotal, Pools pools, Redis redis, Http http, Process process, SchedTotals workers,
        SchedTotals eventLoop, SchedTotals carriers, StateTimeline timeline, List<StepProfile> slowest,
        List<GapWindow> redisToConnectionGaps,
        boolean cpuFromSchedstat, List<LockSite> locks, Startup startup, EventLoops loops,
        Sampling sampling, Statements statements, Memory memory, Overlaps overlaps,
        SteadyState steady) {

    /** This model with {@code s} as its steady state (the model itself was built on the window it describes). */
    public RunModel withSteady(SteadyState s) {
        return new RunModel(metadata, recording, jtl, notes, window, startNanos, endNanos, requests, client,
                join,
                serverTotal, pools, redis, http, process, workers, eventLoop, carriers, timeline, slowest,
                redisToConnectionGaps, cpuFromSchedstat, locks, startup, loops, sampling, statements, memory,
                overlaps, s);
    }

    /**
     * How many requests and JMeter samples the measured window held, and which were kept: every {@code requestEvery}-th
     * request and every {@code clientEvery}-th sample (1: all of them). Counts, throughput and error rates come from
     * here; distributions and shares from the kept ones. {@code clientsOutstanding}: the median second's JMeter
     * clients with a request outstanding while they sent, from every sample ({@link Outstanding}; NaN when not
     * measured: no window, or one longer than a day). {@code firstStartNanos} and {@code lastStartNanos}: the first and
     * last start of every request counted, kept or not ({@link Long#MAX_VALUE} and {@link Long#MIN_VALUE} when not
     * known): the steady part's seconds count from the first ({@link dev.poolscope.analysis.steady.SteadyDetector}).
     */
    public record Sampling(long requests, long serverErrors, long requestEvery, long clientSamples,
            long clientFailures, long clientEvery, double clientsOutstanding, long firstStartNanos,
            long lastStartNanos) {

        /** The first and last request starts not known. */
        public Sampling(long requests, long serverErrors, long requestEvery, long clientSamples,
                long clientFailures, long clientEvery, double clientsOutstanding) {
            this(requests, serverErrors, requestEvery, clientSamples, clientFailures, clientEvery,
                    clientsOutstanding, Long.MAX_VALUE, Long.MIN_VALUE);
        }

        /** {@code clientsOutstanding} not measured. */
        public Sampling(long requests, long serverErrors, long requestEvery, long clientSamples,
                long clientFailures,
                long clientEvery) {
            this(requests, serverErrors, requestEvery, clientSamples, clientFailures, clientEvery,
                    Double.NaN);
        }

        public boolean requestsSampled() {
            return requestEvery > 1;
        }

        public boolean clientSampled() {
            return clientEvery > 1;
        }

        /** This with {@code first} and {@code last} as the first and last request start, when they are beyond its own. */
        Sampling withStarts(long first, long last) {
            return new Sampling(requests, serverErrors, requestEvery, clientSamples, clientFailures,
                    clientEvery,
                    clientsOutstanding, Math.min(firstStartNanos, first), Math.max(lastStartNanos, last));
        }
    }

    /** What a sum over the kept requests is multiplied by to stand for every request of the window (1 unsampled). */
    public double requestScale() {
        return !sampling.requestsSampled() || requests.isEmpty()
                ? 1
                : (double) sampling.requests() / requests.size();
    }

    /** A count over the kept requests, as a count over every request of the window. */
    public long overAllRequests(long keptCount) {
        return requestScale() == 1 ? keptCount : Math.round(keptCount * requestScale());
    }

    /** Every request of the window, kept or not. */
    public long requestCount() {
        return sampling.requests();
    }

    /** What a sum over the kept JMeter samples is multiplied by to stand for all of them (1 unsampled). */
    public double clientScale() {
        return !sampling.clientSampled() || client.isEmpty()
                ? 1
                : (double) sampling.clientSamples() / client.size();
    }

    /** What request threads waited on in monitor and lock waits (class names as recorded), most time first. */
    public record LockSite(String className, long waitNanos) {
        static final int TOP = 5;

        static List<LockSite> top(java.util.Map<String, Long> totals) {
            return totals.entrySet().stream()
                    .sorted(java.util.Map.Entry.<String, Long>comparingByValue().reversed()
                            .thenComparing(java.util.Map.Entry.comparingByKey()))
                    .limit(TOP).map(e -> new LockSite(e.getKey(), e.getValue())).toList();
        }
    }

    /**
     * How the JMeter samples and server spans matched: by request id, or, for samples without one, by path and time
     * ({@code matchedByTime}, approximate; part of {@code matched}). {@code clientOnly} counts samples with an id
     * that matched nothing, {@code clientWithoutIdUnmatched} samples without an id that matched nothing. Warm-up
     * requests (ids {@code warmup-…}) and requests or samples that started outside the measured window are not in
     * the other counts.
     */
    public record Join(long matched, long matchedByTime, long serverOnly, long clientOnly,
            long clientWithoutIdUnmatched, long clientWithoutId,
            long warmupExcluded,
            long requestsOutsideWindow, long clientOutsideWindow) {

        /** True when some pairs were found by path and time rather than by request id. */
        public boolean approximate() {
            return matchedByTime > 0;
        }

        /** Matched samples / samples in the window, or null without samples. */
        public Double matchRate(long samples) {
            return samples == 0 ? null : (double) matched / samples;
        }
    }

    /**
     * Worker pool and connection pool. {@code holdRedisNanos}, {@code holdHttpNanos}: Redis waits and blocking outbound
     * HTTP calls on the holding thread during holds; {@code holdOtherWaitNanos}: its lock, sleep and non-database socket
     * waits outside those calls.
     */
    public record Pools(List<Events.WorkerPoolGauge> worker, List<Events.HikariPoolGauge> hikari,
            Distribution connectionWait, long connectionWaitFailures, Distribution hold, long holdTotalNanos,
            long holdRedisNanos, long holdHttpNanos, long holdOtherWaitNanos, long failuresWithRoom,
            long failuresWithRoomWaitNanos) {
        /** Everything the holding threads waited for that was not the database: Redis, HTTP calls, the rest. */
        public long holdNonDatabaseNanos() {
            return holdRedisNanos + holdHttpNanos + holdOtherWaitNanos;
        }
    }

    /** {@code commands}: the round trips per command, most time first. */
    public record Redis(Distribution roundTrip, Distribution callerWait, long failures,
            List<RedisCommand> commands) {
    }

    /** One command's round trips in the window: how many and their time summed. */
    public record RedisCommand(String command, long count, long nanos) {
    }

    /**
     * Outbound HTTP calls in the window by target (scheme://host:port), the most time first; at most
     * 32 targets and one for the rest.
     */
    public record Http(List<Target> targets) {
        public static final Http NONE = new Http(List.of());

        /**
         * One target's calls: their times, how many failed (an exception or a 5xx), how many the caller waited for
         * (blocking), and how many (and how much of their time) were made while the caller held a pooled connection.
         */
        public record Target(String target, Distribution time, long timeNanos, long failures, long blocking,
                long insideHolds, long insideHoldsNanos) {
        }

        public long calls() {
            return targets.stream().mapToLong(t -> t.time().count()).sum();
        }

        public long timeNanos() {
            return targets.stream().mapToLong(Target::timeNanos).sum();
        }

        /** The target its callers spent the most time calling, or null without calls. */
        public Target top() {
            return targets.isEmpty() ? null : targets.getFirst();
        }
    }

    /**
     * Process-wide signals. Context switches are machine-wide (jdk.ThreadContextSwitchRate). {@code cpuSamples} and
     * {@code yieldSpinSamples} come from {@code cpuSampleSource}: async-profiler's CPU samples when the run has them,
     * else the JDK's execution samples plus its native method samples inside Thread.yield.
     */
    public record Process(List<Events.CpuLoad> cpuLoad, List<Events.ContextSwitchRate> contextSwitches,
            List<Events.ThreadCount> threadCounts, List<Events.HeapSummary> heap, long gcCount,
            long gcPauseNanos,
            long safepointNanos, long pinnedCount, long pinnedNanos, long cpuSamples, long yieldSpinSamples,
            String cpuSampleSource, Events.AgentStatus agentStatus, List<PinnedSite> pinnedSites) {
        public static final String ASYNC_PROFILER = "async-profiler";
        public static final String JFR = "JFR";
    }

    /**
     * The heap in the window. {@code maxHeapBytes}: jdk.GCHeapConfiguration's maximum; the collections by the JDK's
     * collector name; the heap used after each collection (min, mean, max: -1 without one); the allocation samples'
     * summed weights ({@code allocatedBytes}, the JDK's estimate of every byte allocated) and their top sites. -1 and
     * empty lists where the recording has none of it.
     */
    public record Memory(long maxHeapBytes, String youngCollector, String oldCollector,
            List<Collections> collections, long afterGcCount, long afterGcMinBytes, long afterGcMeanBytes,
            long afterGcMaxBytes, long allocationSamples, long allocatedBytes,
            List<AllocationSite> topSites) {
        public static final Memory NONE = new Memory(-1, "", "", List.of(), 0, -1, -1, -1, 0, 0, List.of());
    }

    /** One collector's collections in the window: how many, their pauses summed, the longest. */
    public record Collections(String name, long count, long pauseNanos, long longestPauseNanos) {
    }

    /** Where allocation samples were taken: the first frame outside the JDK, the class, and the bytes they weigh. */
    public record AllocationSite(String site, String objectClass, long bytes, long samples) {
    }

    /** Where virtual threads blocked while pinned: the first frame outside the JDK and the JDK's reason ("" before 24). */
    public record PinnedSite(String site, String reason, long count, long nanos) {
    }

    /** Load actually running: first measured request or sample start to the last end, inside the window. */
    public double durationSeconds() {
        return Math.max(0, endNanos - startNanos) / 1e9;
    }

    /**
     * The kept JMeter samples in one pass: when the first and the last were sent (epoch nanoseconds; MAX_VALUE and
     * MIN_VALUE without any), their elapsed times summed (seconds) and the most JMeter threads any of them saw.
     */
    public record ClientTotals(long firstSentNanos, long lastSentNanos, double seconds, int threads) {
    }

    public ClientTotals clientTotals() {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        double seconds = 0;
        int threads = 0;
        for (JtlSample c : client) {
            first = Math.min(first, c.timeStampMillis() * 1_000_000L);
            last = Math.max(last, c.timeStampMillis() * 1_000_000L);
            seconds += c.elapsedMillis() / 1000.0;
            threads = Math.max(threads, c.allThreads());
        }
        return new ClientTotals(first, last, seconds, threads);
    }

    /**
     * The seconds the JMeter samples' rates (throughput, offered concurrency) divide by: the run's, or more when the
     * samples counted in it held JMeter's threads for longer than the run had. A sample counts whole where it starts,
     * also its part past the window's end, and a thread has one request outstanding at most, so the samples took at
     * least their client time over the threads. That happens when the window ends where the last request was sent
     * and the clients sent in rounds (all answered at once, the next round sent at once): the last round counts, its
     * time lies past the end. With a drain left out, the run's seconds for these rates end where the clients sent
     * their last request.
     */
    public double clientDurationSeconds() {
        ClientTotals t = clientTotals();
        double seconds = clientSendSeconds(t);
        return t.threads() <= 0 ? seconds : Math.max(seconds, t.seconds() * clientScale() / t.threads());
    }

    /**
     * The seconds in which the clients sent the requests counted: the run's, or with a drain left out up to where they
     * sent their last one (the window runs on to where the server started it).
     */
    public double clientSendSeconds(ClientTotals t) {
        return steady.drainSeconds() > 0 && t.lastSentNanos() > startNanos
                ? (Math.min(endNanos, t.lastSentNanos()) - startNanos) / 1e9
                : durationSeconds();
    }

    /** True when the requests ran on the reactive stack (Reactor Netty's event loops): there is no worker pool. */
    public boolean reactive() {
        return loops.reactive();
    }

    public boolean hasClient() {
        return !client.isEmpty();
    }
}
