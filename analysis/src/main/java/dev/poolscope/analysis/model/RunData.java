package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;

/**
 * What one pass keeps: compact per-thread intervals and counters, periodic gauges, and one small value per request
 * and per client sample. Raw JDK events are not kept.
 */
final class RunData {
    static final int MAX_REQUESTS = 1_000_000;
    static final int MAX_CLIENT_SAMPLES = 1_000_000;
    static final long MAX_SPANS = 5_000_000;

    /** The caps of this run: the constants above, smaller in tests. */
    final int maxRequests;
    final long maxSpans;
    final int maxClientSamples;

    RunData() {
        this(MAX_REQUESTS, MAX_SPANS, MAX_CLIENT_SAMPLES);
    }

    RunData(int maxRequests, long maxSpans, int maxClientSamples) {
        this.maxRequests = maxRequests;
        this.maxSpans = maxSpans;
        this.maxClientSamples = maxClientSamples;
    }

    final Map<Long, ThreadSpans> spans = new HashMap<>();
    final Map<Long, SchedSeries> sched = new HashMap<>();
    final Map<Long, LongList> cpuSamples = new HashMap<>();
    final Map<Long, Events.ThreadRef> threads = new HashMap<>();
    final ThreadSpans pauses = new ThreadSpans();
    /** async-profiler's wall samples of sleeping threads: they name waits shorter than the JDK events' thresholds. */
    final SampledWaits sampledWaits = new SampledWaits();
    final Labels labels = new Labels();

    final List<Events.Request> requests = new ArrayList<>();
    /** With a sample of the requests: the window's longest ones it did not choose, for the slowest profiles only. */
    final List<Events.Request> longest = new ArrayList<>();
    final List<JtlSample> client = new ArrayList<>();
    final List<Events.WorkerPoolGauge> workerGauges = new ArrayList<>();
    final List<Events.HikariPoolGauge> hikariGauges = new ArrayList<>();
    final List<Events.CpuLoad> cpuLoad = new ArrayList<>();
    final List<Events.ContextSwitchRate> contextSwitches = new ArrayList<>();
    final List<Events.ThreadCount> threadCounts = new ArrayList<>();
    final List<Events.HeapSummary> heap = new ArrayList<>();
    final List<Events.GarbageCollection> gcs = new ArrayList<>();
    final DurationHistogram redisRoundTrip = new DurationHistogram();
    final DurationHistogram redisWait = new DurationHistogram();
    final DurationHistogram connectionWait = new DurationHistogram();
    final DurationHistogram hold = new DurationHistogram();
    final java.util.Set<Long> eventLoopThreads = new java.util.HashSet<>();
    Events.AgentStatus agentStatus;
    long spanCount;
    long droppedSpans;
    /** Intervals not kept because they started after every kept request had ended (the request cap was hit). */
    long spansAfterKeptRequests;
    long droppedRequests;
    /** Requests of the window (kept or not) and their 5xx responses: the counts cover all of them. */
    long requestsCounted;
    long serverErrors;
    /** Thread and reactive intervals not kept because they overlap no chosen request. */
    long spansOutsideSample;
    /** JMeter samples in the window (kept or not), the failed ones, and the kept ones' stride. */
    long clientCounted;
    long clientFailures;
    long clientEvery = 1;
    long connectionWaitFailures;
    /** Failed getConnection calls: {active connections at the failure, time waited}, two longs each. */
    final LongList connectionFailures = new LongList();
    long redisFailures;
    long gcPauseNanos;
    long safepointNanos;
    long pinnedCount;
    long pinnedNanos;
    long cpuSamplesTotal;
    long yieldSpinSamples;
    /** async-profiler's CPU samples in the window, and those of them in the hand-off spin. */
    long profilerCpuSamples;
    long profilerYieldSpinSamples;

    void span(long threadId, long start, long end, SpanKind kind, String label) {
        if (spanCount >= maxSpans) {
            droppedSpans++;
            return;
        }
        spanCount++;
        spans.computeIfAbsent(threadId, k -> new ThreadSpans()).add(start, end, kind, labels.id(label));
    }

    void seal() {
        spans.values().forEach(ThreadSpans::seal);
        sched.values().forEach(SchedSeries::seal);
        cpuSamples.values().forEach(LongList::sort);
        pauses.seal();
        sampledWaits.seal();
    }

    /** Interned strings for interval labels (Redis commands, pool names, connection ids), capped. */
    static final class Labels {
        private static final int MAX = 50_000;
        private final Map<String, Integer> ids = new HashMap<>();
        private final List<String> names = new ArrayList<>(List.of(""));

        int id(String s) {
            if (s == null || s.isEmpty()) {
                return 0;
            }
            Integer id = ids.get(s);
            if (id != null) {
                return id;
            }
            if (names.size() >= MAX) {
                return 0;
            }
            names.add(s);
            ids.put(s, names.size() - 1);
            return names.size() - 1;
        }

        String name(int id) {
            return names.get(id);
        }
    }
}
