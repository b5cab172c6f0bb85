package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * The run-wide figures of the model, from the joined collectors and the sealed data: the pools, Redis and process
 * summaries, where load really ran, which threads get a lane, and the Redis → getConnection gaps (schedstat totals:
 * {@link SchedFigures}).
 */
final class RunFigures {
    static final int LANES = 40;
    static final int MAX_GAP_WINDOWS = 100_000;

    private final RunCollectors c;
    private final RunData data;
    private final List<JtlSample> client;
    private final ClientCollector clientCounts;
    private final MeasuredWindow window;

    RunFigures(RunCollectors c, RunData data, ClientCollector client, MeasuredWindow window) {
        this.c = c;
        this.data = data;
        this.client = client.client;
        this.clientCounts = client;
        this.window = window;
    }

    RunModel.Pools pools(RunMetadata metadata) {
        long[] overlap = holdOverlap();
        long[] withRoom = failuresWithRoom(metadata);
        PoolCollector p = c.pools;
        return new RunModel.Pools(byTime(p.workerGauges, Events.WorkerPoolGauge::timeNanos),
                byTime(p.hikariGauges, Events.HikariPoolGauge::timeNanos),
                Distribution.of(p.connectionWait), p.connectionWaitFailures, Distribution.of(p.hold),
                overlap[0], overlap[1], overlap[3], overlap[2], withRoom[0], withRoom[1]);
    }

    /**
     * A series in time order: the order it was read in is the file's (a thread's buffers are written as they fill) or,
     * read apart in time, the segments' ({@link Segments}); sorted, it is the same either way.
     */
    private static <T> List<T> byTime(List<T> series, java.util.function.ToLongFunction<T> time) {
        List<T> sorted = new ArrayList<>(series);
        sorted.sort(Comparator.comparingLong(time));
        return List.copyOf(sorted);
    }

    RunModel.Redis redis() {
        return new RunModel.Redis(Distribution.of(c.redis.roundTrip), Distribution.of(c.redis.wait),
                c.redis.failures, c.redis.commands());
    }

    RunModel.Http http() {
        return c.http.http();
    }

    RunModel.Process process() {
        ProcessCollector p = c.process;
        CpuSampleCollector cpu = c.cpu;
        boolean profiler = cpu.profiler > 0;
        return new RunModel.Process(byTime(p.cpuLoad, Events.CpuLoad::timeNanos),
                byTime(p.contextSwitches, Events.ContextSwitchRate::timeNanos),
                byTime(p.threadCounts, Events.ThreadCount::timeNanos),
                byTime(p.heap, Events.HeapSummary::timeNanos),
                p.gcs.size(), p.gcPauseNanos,
                p.safepointNanos,
                p.pinnedCount, p.pinnedNanos, profiler ? cpu.profiler : cpu.total,
                profiler ? cpu.profilerYieldSpin : cpu.yieldSpin,
                profiler ? RunModel.Process.ASYNC_PROFILER : RunModel.Process.JFR, p.agentStatus,
                p.pinnedSites());
    }

    /** How many requests and samples the window held and which were kept. */
    RunModel.Sampling sampling(List<Events.Request> kept) {
        RequestSample.Lookup sample = c.scope.sample;
        RunModel.Sampling s = sample.active()
                ? sampling(c.requests.counted, c.requests.serverErrors, sample.every())
                : sampling(kept.size(), kept.stream().filter(r -> r.status() >= 500).count(), 1);
        return s.withStarts(c.requests.countedFirst, c.requests.countedLastStart);
    }

    private RunModel.Sampling sampling(long requests, long serverErrors, long every) {
        ClientCollector cc = clientCounts;
        if (cc.every > 1 || c.scope.sample.active() && cc.counted > 0) {
            return new RunModel.Sampling(requests, serverErrors, every, cc.counted, cc.failures,
                    Math.max(every, cc.every), cc.outstandingMedian());
        }
        return new RunModel.Sampling(requests, serverErrors, every, client.size(),
                client.stream().filter(s -> !s.success()).count(), 1, cc.outstandingMedian());
    }

    /**
     * getConnection failures while the pool had room (fewer connections in use than its maximum): the pool could not
     * make a connection, so the database or the way to it failed; {count, nanos waited}.
     */
    private long[] failuresWithRoom(RunMetadata metadata) {
        Integer max = metadata.maximumPoolSize();
        if (max == null) {
            max = c.pools.hikariGauges.stream().mapToInt(Events.HikariPoolGauge::max).max().orElse(0);
        }
        LongList failures = c.pools.connectionFailures;
        long[] r = new long[2];
        for (int i = 0; i + 1 < failures.size(); i += 2) {
            if (max > 0 && failures.get(i) < max) {
                r[0]++;
                r[1] += failures.get(i + 1);
            }
        }
        return r;
    }

    /**
     * {total hold, Redis wait inside holds, lock, sleep and non-database socket waits inside holds outside any HTTP
     * call, blocking HTTP calls inside holds}: non-database waits while holding. The park or socket read an HTTP client
     * waits in lies inside its call, which names it: it is counted once, as the call.
     */
    private long[] holdOverlap() {
        long[] r = new long[4];
        RequestSample.Lookup sample = c.scope.sample;
        List<long[]> calls = new ArrayList<>();
        for (Map.Entry<Long, ThreadSpans> thread : data.spans.entrySet()) {
            ThreadSpans spans = thread.getValue();
            for (int h = 0; h < spans.size(); h++) {
                if (spans.kind(h) != SpanKind.CONNECTION_HOLD) {
                    continue;
                }
                long hs = spans.start(h);
                long he = spans.end(h);
                if (sample.active() && !sample.overlapsSampled(thread.getKey(), hs, he)) {
                    // A hold of one of the longest requests kept for the profiles only: not in the sample.
                    continue;
                }
                r[0] += he - hs;
                calls.clear();
                spans.overlapping(hs, he, i -> {
                    if (spans.kind(i) == SpanKind.HTTP_WAIT) {
                        long s = Math.max(hs, spans.start(i));
                        long e = Math.min(he, spans.end(i));
                        calls.add(new long[]{s, e});
                        r[3] += e - s;
                    }
                });
                spans.overlapping(hs, he, i -> {
                    long s = Math.max(hs, spans.start(i));
                    long e = Math.min(he, spans.end(i));
                    switch (spans.kind(i)) {
                        case REDIS_WAIT -> r[1] += e - s;
                        // Database I/O is the connection's own work; a socket outside the driver is another call.
                        case LOCK, SLEEP, SOCKET -> r[2] += e - s - covered(calls, s, e);
                        default -> {
                        }
                    }
                });
            }
        }
        return r;
    }

    /** How much of [s, e) the intervals cover (they do not overlap each other: one thread's blocking calls). */
    private static long covered(List<long[]> intervals, long s, long e) {
        long n = 0;
        for (long[] c : intervals) {
            n += Math.max(0, Math.min(e, c[1]) - Math.max(s, c[0]));
        }
        return Math.min(n, e - s);
    }

    /** The fallback window: the recording's first to last event, else whatever requests and samples span. */
    MeasuredWindow wholeRecording(RecordingInfo recording, List<Events.Request> kept) {
        if (recording != null && recording.lastEventNanos() > recording.firstEventNanos()) {
            return new MeasuredWindow(recording.firstEventNanos(), recording.lastEventNanos(),
                    MeasuredWindow.Source.RECORDING);
        }
        long[] span = activeSpan(recording, kept);
        return new MeasuredWindow(span[0], span[1], MeasuredWindow.Source.RECORDING);
    }

    /** Where load really ran: first measured request or sample start to the last end. */
    long[] activeSpan(RecordingInfo recording, List<Events.Request> kept) {
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (Events.Request r : kept) {
            start = Math.min(start, r.startNanos());
            end = Math.max(end, r.endNanos());
        }
        boolean sampled = c.scope.sample.active();
        if (sampled && c.requests.counted > 0) {
            // The kept requests are a sample: the run spans all of them.
            start = Math.min(start, c.requests.countedFirst);
            end = Math.max(end, c.requests.countedLast);
        }
        if ((clientCounts.every > 1 || sampled) && clientCounts.first != Long.MAX_VALUE) {
            // So are the kept JMeter samples: the run spans all of them too.
            start = Math.min(start, clientCounts.first * 1_000_000L);
            end = Math.max(end, clientCounts.last * 1_000_000L);
        }
        for (JtlSample s : client) {
            start = Math.min(start, s.timeStampMillis() * 1_000_000L);
            end = Math.max(end, s.endMillis() * 1_000_000L);
        }
        if (start == Long.MAX_VALUE && window != null) {
            return new long[]{window.startNanos(), window.endNanos()};
        }
        if (start == Long.MAX_VALUE && recording != null) {
            start = recording.firstEventNanos();
            end = recording.lastEventNanos();
        }
        if (start == Long.MAX_VALUE) {
            return new long[]{0, 0};
        }
        if (window != null) {
            // A request counted at its start may end after the window: the window still bounds the run length.
            start = Math.max(start, window.startNanos());
            end = Math.min(end, window.endNanos());
        }
        return new long[]{start, Math.max(start, end)};
    }

    /** The busiest request-serving threads get a lane each, in their names' counting order. */
    static Map<Long, String> laneThreads(List<Events.Request> kept) {
        Map<Long, Long> count = new HashMap<>();
        Map<Long, String> name = new HashMap<>();
        for (Events.Request r : kept) {
            count.merge(r.thread().javaThreadId(), 1L, Long::sum);
            name.put(r.thread().javaThreadId(), r.thread().name());
        }
        Map<Long, String> lanes = new LinkedHashMap<>();
        count.entrySet().stream().sorted(Map.Entry.<Long, Long>comparingByValue().reversed()).limit(LANES)
                .map(Map.Entry::getKey).sorted(Comparator.comparing(name::get, NaturalOrder.INSTANCE))
                .forEach(id -> lanes.put(id, name.get(id)));
        return lanes;
    }

    /** Where a request waited for Redis and then for a connection: the gap an APM shows between the two. */
    List<GapWindow> gapWindows(List<RequestTimeline> requests) {
        List<GapWindow> out = new ArrayList<>();
        for (RequestTimeline r : requests) {
            ThreadSpans spans = data.spans.get(r.threadId());
            if (spans == null || r.poolWaitNanos() == 0 || r.redisWaitNanos() == 0) {
                continue;
            }
            long[] redisStart = {-1};
            spans.overlapping(r.startNanos(), r.endNanos(), i -> {
                if (spans.kind(i) == SpanKind.REDIS_WAIT && redisStart[0] < 0) {
                    redisStart[0] = spans.start(i);
                } else if (spans.kind(i) == SpanKind.CONNECTION_WAIT && redisStart[0] >= 0
                        && out.size() < MAX_GAP_WINDOWS) {
                    Events.ThreadRef t = data.threads.get(r.threadId());
                    out.add(new GapWindow(r.threadId(), t == null ? -1 : t.osThreadId(), redisStart[0],
                            spans.start(i)));
                    redisStart[0] = -1;
                }
            });
        }
        return List.copyOf(out);
    }
}
