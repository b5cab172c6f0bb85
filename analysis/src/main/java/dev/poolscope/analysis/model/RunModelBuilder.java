package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.poolscope.analysis.jtl.JtlReader;
import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RecordingListener;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Listens to one pass over the recording and one over the .jtl, keeping compact per-thread data, then joins and
 * attributes everything into a {@link RunModel}.
 */
public final class RunModelBuilder implements RecordingListener, Consumer<JtlSample> {
    static final int SLOWEST = 10;
    static final int LANES = 40;
    static final int MAX_GAP_WINDOWS = 100_000;

    /** Request ids the launcher gives its warm-up requests; they are never measured. */
    static final String WARMUP_PREFIX = "warmup-";

    private final RunData data;
    private final ReactiveData reactive = new ReactiveData();
    private final Startup.Collector startup = new Startup.Collector();
    /** Null until decided: then everything read counts (the whole-recording fallback). */
    private MeasuredWindow window;
    private long warmupRequests;
    private long requestsOutside;
    /** The latest end among the requests kept so far. */
    private long keptRequestsEnd = Long.MIN_VALUE;
    private final RequestSample sample;
    /** JMeter samples read, and the span of all of them (kept or not). */
    private long clientRead;
    /** Set while the .jtl is read again for the samples of the kept requests. */
    private boolean clientReread;
    private long rereadWithoutId;
    /** The first start and last end of every request counted (kept or not). */
    private long countedFirst = Long.MAX_VALUE;
    private long countedLast = Long.MIN_VALUE;
    private long clientFirst = Long.MAX_VALUE;
    private long clientLast = Long.MIN_VALUE;

    public RunModelBuilder() {
        this(RunData.MAX_REQUESTS, RunData.MAX_SPANS);
    }

    /** With smaller caps, so tests can pass them. */
    RunModelBuilder(int maxRequests, long maxSpans) {
        this(maxRequests, maxSpans, RunData.MAX_CLIENT_SAMPLES);
    }

    RunModelBuilder(int maxRequests, long maxSpans, int maxClientSamples) {
        this.data = new RunData(maxRequests, maxSpans, maxClientSamples);
        this.sample = new RequestSample(maxRequests, SLOWEST);
    }

    /**
     * Restricts the figures to {@code w}; call before the recording pass. Intervals that may overlap a measured request
     * are still kept for attribution.
     */
    public void measure(MeasuredWindow w) {
        this.window = w;
    }

    /** The span of the JMeter samples read so far (start of the first to end of the last), or null without any. */
    public MeasuredWindow clientSpan() {
        if (clientRead == 0) {
            return null;
        }
        return MeasuredWindow.ofMillis(clientFirst, clientLast, MeasuredWindow.Source.JMETER);
    }

    private boolean in(long epochNanos) {
        return window == null || window.contains(epochNanos);
    }

    /** An interval ending before the window cannot overlap a measured request. */
    private boolean keep(long endNanos) {
        return window == null || endNanos >= window.startNanos();
    }

    /**
     * Once the request cap is reached, an interval starting after every kept request had ended cannot overlap one:
     * not keeping it stops the intervals of ignored requests from filling memory and the interval cap.
     */
    private boolean keepGlobal(long startNanos, long endNanos) {
        if (!keep(endNanos)) {
            return false;
        }
        if (!sample.active() && data.droppedRequests > 0 && startNanos >= keptRequestsEnd) {
            data.spansAfterKeptRequests++;
            return false;
        }
        return true;
    }

    /**
     * A thread's interval: with a sample of the requests, kept only where it overlaps a chosen request of its thread
     * (nothing else reads it); otherwise as {@link #keepGlobal}.
     */
    private boolean keepSpan(long threadId, long startNanos, long endNanos) {
        if (sample.active()) {
            if (!keep(endNanos)) {
                return false;
            }
            if (!sample.overlapsChosen(threadId, startNanos, endNanos)) {
                data.spansOutsideSample++;
                return false;
            }
            return true;
        }
        return keepGlobal(startNanos, endNanos);
    }

    /** A reactive request's own interval: with a sample of the requests, kept only for a chosen request's id. */
    private boolean keepOwn(String requestId, long startNanos, long endNanos) {
        if (sample.active()) {
            if (!keep(endNanos)) {
                return false;
            }
            if (!sample.chosenId(requestId)) {
                data.spansOutsideSample++;
                return false;
            }
            return true;
        }
        return keepGlobal(startNanos, endNanos);
    }

    @Override
    public void accept(JtlSample s) {
        if (clientReread) {
            reread(s);
            return;
        }
        clientFirst = Math.min(clientFirst, s.timeStampMillis());
        clientLast = Math.max(clientLast, s.endMillis());
        if (window == null || window.contains(s.timeStampMillis() * 1_000_000L)) {
            data.clientCounted++;
            if (!s.success()) {
                data.clientFailures++;
            }
        }
        if (clientRead++ % data.clientEvery != 0) {
            return;
        }
        data.client.add(s);
        if (data.client.size() > data.maxClientSamples) {
            // Every other kept sample goes and the stride doubles: the rest stays spread over the whole run.
            List<JtlSample> half = new ArrayList<>(data.client.size() / 2 + 1);
            for (int i = 0; i < data.client.size(); i += 2) {
                half.add(data.client.get(i));
            }
            data.client.clear();
            data.client.addAll(half);
            data.clientEvery *= 2;
        }
    }

    /**
     * Whether the .jtl should be read once more after the recording: the requests are a sample and the samples were
     * thinned on the first read, so the samples of the kept requests may be missing. Call {@link #rereadClient} then
     * hand over every sample again.
     */
    public boolean wantsClientReread(boolean jtlHasRequestIds) {
        return jtlHasRequestIds && sample.active() && data.clientEvery > 1;
    }

    /** The counts and the span of the first read stay; the kept samples become those of the kept requests. */
    public void rereadClient() {
        clientReread = true;
        data.client.clear();
    }

    /** Samples with an id: kept when their request was; without one (not joinable by id): the first read's stride. */
    private void reread(JtlSample s) {
        boolean hasId = s.requestId() != null && !s.requestId().isEmpty();
        if (hasId ? sample.chosenId(s.requestId()) : rereadWithoutId++ % data.clientEvery == 0) {
            data.client.add(s);
        }
    }

    /** Requests the counts cover: not warm-up, started inside the window. */
    private boolean counts(Events.Request e) {
        return (e.requestId() == null || !e.requestId().startsWith(WARMUP_PREFIX)) && in(e.startNanos());
    }

    @Override
    public boolean wantsRequestPass() {
        return sample.wantsPass();
    }

    @Override
    public void requestPass(Events.Request e) {
        if (counts(e)) {
            sample.request(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), e.requestId());
        }
    }

    @Override
    public void requestPassEnd() {
        sample.endPass();
    }

    @Override
    public void request(Events.Request e) {
        startup.request(e);
        if (e.requestId() != null && e.requestId().startsWith(WARMUP_PREFIX)) {
            warmupRequests++;
            return;
        }
        if (!in(e.startNanos())) {
            requestsOutside++;
            return;
        }
        if (ReactiveData.NETTY.equals(e.server())) {
            reactive.loops.add(e.thread().javaThreadId());
        }
        data.requestsCounted++;
        countedFirst = Math.min(countedFirst, e.startNanos());
        countedLast = Math.max(countedLast, e.endNanos());
        if (e.status() >= 500) {
            data.serverErrors++;
        }
        if (sample.active()) {
            // The rest are counted above and said in the notes (counted minus kept).
            if (sample.chosen(e.thread().javaThreadId(), e.startNanos(), e.endNanos())
                    && data.requests.size() < data.maxRequests) {
                data.requests.add(e);
                data.threads.putIfAbsent(e.thread().javaThreadId(), e.thread());
            } else if (!ReactiveData.NETTY.equals(e.server())
                    && sample.longestOnly(e.thread().javaThreadId(), e.startNanos(), e.endNanos())
                    && data.longest.size() < SLOWEST) {
                data.longest.add(e);
                data.threads.putIfAbsent(e.thread().javaThreadId(), e.thread());
            }
        } else if (data.requests.size() < data.maxRequests) {
            data.requests.add(e);
            data.threads.putIfAbsent(e.thread().javaThreadId(), e.thread());
            keptRequestsEnd = Math.max(keptRequestsEnd, e.endNanos());
        } else {
            data.droppedRequests++;
        }
    }

    @Override
    public void connectionWait(Events.ConnectionWait e) {
        if (keepSpan(e.thread().javaThreadId(), e.startNanos(), e.endNanos())) {
            data.span(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), SpanKind.CONNECTION_WAIT,
                    e.pool());
        }
        if (in(e.startNanos())) {
            data.connectionWait.add(e.endNanos() - e.startNanos());
            if (!e.success()) {
                data.connectionWaitFailures++;
                data.connectionFailures.add(e.active());
                data.connectionFailures.add(e.endNanos() - e.startNanos());
            }
        }
    }

    @Override
    public void connectionHold(Events.ConnectionHold e) {
        if (keepSpan(e.thread().javaThreadId(), e.startNanos(), e.endNanos())) {
            data.span(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), SpanKind.CONNECTION_HOLD,
                    e.connectionId());
        }
        if (in(e.startNanos())) {
            data.hold.add(e.endNanos() - e.startNanos());
        }
    }

    @Override
    public void redisWait(Events.RedisWait e) {
        if (keepSpan(e.thread().javaThreadId(), e.startNanos(), e.endNanos())) {
            data.span(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), SpanKind.REDIS_WAIT,
                    e.command());
        }
        if (in(e.startNanos())) {
            data.redisWait.add(e.endNanos() - e.startNanos());
            if (!e.success()) {
                data.redisFailures++;
            }
        }
    }

    @Override
    public void redisRoundTrip(Events.RedisRoundTrip e) {
        if (in(e.startNanos())) {
            data.redisRoundTrip.add(e.endNanos() - e.startNanos());
        }
        data.eventLoopThreads.add(e.thread().javaThreadId());
        if (e.requestId() != null && !e.requestId().isEmpty()) {
            if (keepOwn(e.requestId(), e.startNanos(), e.endNanos())) {
                reactive.own(e.requestId(), e.startNanos(), e.endNanos(), ReactiveData.Part.REDIS,
                        e.command());
            }
            if (in(e.startNanos())) {
                // No thread waits for a reactive reply: the request does, for the whole round trip.
                data.redisWait.add(e.endNanos() - e.startNanos());
            }
        }
    }

    @Override
    public void workerPool(Events.WorkerPoolGauge e) {
        if (in(e.timeNanos())) {
            data.workerGauges.add(e);
        }
    }

    @Override
    public void hikariPool(Events.HikariPoolGauge e) {
        if (in(e.timeNanos())) {
            data.hikariGauges.add(e);
        }
    }

    @Override
    public void schedStat(Events.SchedStat e) {
        SchedSeries s = data.sched.computeIfAbsent(e.javaThreadId(), k -> new SchedSeries());
        s.threadName = e.threadName();
        s.osThreadId = e.osThreadId();
        s.add(e.timeNanos(), e.cpuNanos(), e.runDelayNanos(), e.involuntarySwitches(), e.voluntarySwitches());
    }

    private static SpanKind kind(Events.WaitKind k) {
        return switch (k) {
            case PARK_POOL -> SpanKind.PARK_POOL;
            case PARK_REDIS -> SpanKind.PARK_REDIS;
            case PARK_OTHER, MONITOR_ENTER, MONITOR_WAIT -> SpanKind.LOCK;
            case SLEEP -> SpanKind.SLEEP;
            case SOCKET_READ, SOCKET_WRITE -> SpanKind.SOCKET;
            case DATABASE_IO -> SpanKind.DATABASE;
        };
    }

    @Override
    public void threadWait(Events.ThreadWait e) {
        SpanKind kind = kind(e.kind());
        if (keepSpan(e.thread().javaThreadId(), e.startNanos(), e.endNanos())) {
            data.span(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), kind, e.detail());
        }
    }

    /**
     * One of async-profiler's wall samples of a sleeping thread (read from {@code async-profiler.jfr} after the JDK
     * recording). Samples without a Java thread id cannot be tied to a request and are skipped.
     */
    public void wallSample(Events.WallSample e) {
        // Read after the JDK recording: only threads that served a measured request can have time to name.
        if (e.javaThreadId() < 0 || !keep(e.timeNanos()) || !data.threads.containsKey(e.javaThreadId())) {
            return;
        }
        if (sample.active() && !sample.overlapsChosen(e.javaThreadId(), e.timeNanos(), e.timeNanos())) {
            // Only a kept request reads them: the others' would fill the cap and starve the later kept requests.
            return;
        }
        data.sampledWaits.add(e.javaThreadId(), e.timeNanos(), e.weight(),
                e.kind() == null ? null : kind(e.kind()).cause);
    }

    /**
     * One of async-profiler's CPU samples (read from {@code async-profiler.jfr} after the JDK recording): when there are
     * any, the process' CPU samples are these, since the JDK's miss every thread inside native code.
     */
    public void profilerCpuSample(long timeNanos, boolean yieldSpin) {
        if (in(timeNanos)) {
            data.profilerCpuSamples++;
            if (yieldSpin) {
                data.profilerYieldSpinSamples++;
            }
        }
    }

    @Override
    public void cpuSample(Events.CpuSample e) {
        data.cpuSamples.computeIfAbsent(e.thread().javaThreadId(), k -> new LongList()).add(e.timeNanos());
        if (in(e.timeNanos())) {
            data.cpuSamplesTotal++;
            if (e.yieldSpin()) {
                data.yieldSpinSamples++;
            }
        }
    }

    @Override
    public void pause(Events.Pause e) {
        if (keepGlobal(e.startNanos(), e.endNanos())) {
            data.pauses.add(e.startNanos(), e.endNanos(), SpanKind.LOCK, 0);
        }
        if (e.kind() == Events.PauseKind.SAFEPOINT && in(e.startNanos())) {
            data.safepointNanos += e.endNanos() - e.startNanos();
        }
    }

    @Override
    public void garbageCollection(Events.GarbageCollection e) {
        if (in(e.timeNanos())) {
            data.gcs.add(e);
            data.gcPauseNanos += e.sumOfPausesNanos();
        }
    }

    @Override
    public void cpuLoad(Events.CpuLoad e) {
        if (in(e.timeNanos())) {
            data.cpuLoad.add(e);
        }
    }

    @Override
    public void contextSwitchRate(Events.ContextSwitchRate e) {
        if (in(e.timeNanos())) {
            data.contextSwitches.add(e);
        }
    }

    @Override
    public void threadCount(Events.ThreadCount e) {
        startup.threadCount(e);
        if (in(e.timeNanos())) {
            data.threadCounts.add(e);
        }
    }

    @Override
    public void heapSummary(Events.HeapSummary e) {
        if (in(e.timeNanos())) {
            data.heap.add(e);
        }
    }

    @Override
    public void jvmStart(Events.JvmStart e) {
        startup.jvmStart(e);
    }

    @Override
    public void footprint(Events.Footprint e) {
        startup.footprint(e);
    }

    @Override
    public void virtualThreadPinned(Events.VirtualThreadPinned e) {
        if (in(e.startNanos())) {
            data.pinnedCount++;
            data.pinnedNanos += e.endNanos() - e.startNanos();
        }
    }

    @Override
    public void r2dbcAcquire(Events.R2dbcAcquire e) {
        if (keepOwn(e.requestId(), e.startNanos(), e.endNanos())) {
            reactive.own(e.requestId(), e.startNanos(), e.endNanos(), ReactiveData.Part.ACQUIRE, e.pool());
        }
        if (in(e.startNanos())) {
            data.connectionWait.add(e.endNanos() - e.startNanos());
            if (!e.success()) {
                data.connectionWaitFailures++;
                data.connectionFailures.add(e.acquired());
                data.connectionFailures.add(e.endNanos() - e.startNanos());
            }
        }
    }

    @Override
    public void r2dbcHold(Events.R2dbcHold e) {
        if (keepOwn(e.requestId(), e.startNanos(), e.endNanos())) {
            reactive.own(e.requestId(), e.startNanos(), e.endNanos(), ReactiveData.Part.DATABASE,
                    e.connectionId());
        }
        if (in(e.startNanos())) {
            data.hold.add(e.endNanos() - e.startNanos());
        }
    }

    /** The same figures as Hikari's gauge: in use, idle, waiting, open, maximum. */
    @Override
    public void r2dbcPool(Events.R2dbcPoolGauge e) {
        hikariPool(new Events.HikariPoolGauge(e.timeNanos(), e.pool(), e.acquired(), e.idle(), e.pending(),
                e.allocated(), e.max()));
    }

    @Override
    public void loopStall(Events.LoopStall e) {
        if (keepGlobal(e.startNanos(), e.endNanos())) {
            reactive.stall(
                    new ReactiveData.Stall(e.thread().javaThreadId(), e.thread().name(), e.startNanos(),
                            e.endNanos(), "", LoopStack.frame(e.stack()), LoopStack.blocking(e.stack()),
                            e.stackAfterNanos()));
        }
    }

    @Override
    public void agentStatus(Events.AgentStatus e) {
        if (data.agentStatus == null || e.timeNanos() >= data.agentStatus.timeNanos()) {
            data.agentStatus = e;
        }
    }

    /** Joins and attributes; {@code recording} may be null when only the .jtl was readable. */
    public RunModel build(RunMetadata metadata, RecordingInfo recording, JtlReader.Result jtl,
            List<String> notes) {
        data.seal();
        reactive.seal(data, this.data.requests);
        List<String> allNotes = new ArrayList<>(notes);
        dropNotes(allNotes);
        if (data.sampledWaits.dropped > 0) {
            allNotes.add(
                    data.sampledWaits.dropped + " wall samples beyond the first " + SampledWaits.MAX_SAMPLES
                            + " were not kept: later requests may show more unexplained time");
        }
        data.requests.sort(Comparator.comparingLong(Events.Request::startNanos));
        data.client.sort(Comparator.comparingLong(JtlSample::timeStampMillis));
        long clientOutside = 0;
        if (window != null) {
            int before = data.client.size();
            data.client.removeIf(s -> !window.contains(s.timeStampMillis() * 1_000_000L));
            clientOutside = data.clientEvery > 1
                    ? clientRead - data.clientCounted
                    : before - data.client.size();
        }
        MeasuredWindow measured = window != null ? window : wholeRecording(recording);
        windowNotes(allNotes, clientOutside);
        if (sample.active()) {
            // The client figures follow the request sample: the samples of the kept requests.
            data.client.removeIf(s -> s.requestId() != null && !s.requestId().isEmpty()
                    && !sample.chosenId(s.requestId()));
        }

        Map<String, JtlSample> byId = new HashMap<>();
        List<JtlSample> noId = new ArrayList<>();
        for (JtlSample s : data.client) {
            if (s.requestId() == null || s.requestId().isEmpty()) {
                noId.add(s);
            } else {
                byId.putIfAbsent(s.requestId(), s);
            }
        }
        long withoutId = noId.size();
        JtlSample[] partner = new JtlSample[data.requests.size()];
        long matchedById = 0;
        for (int i = 0; i < partner.length; i++) {
            String id = data.requests.get(i).requestId();
            partner[i] = id.isEmpty() ? null : byId.get(id);
            if (partner[i] != null) {
                matchedById++;
            }
        }
        // Plans that send no request id (the user's own) still get the client-vs-server view, approximately.
        TimeJoin.Result byTime = noId.isEmpty()
                ? new TimeJoin.Result(0, 0)
                : TimeJoin.join(noId, data.requests, partner);
        long matchedByTime = byTime.matched();
        if (!noId.isEmpty()) {
            allNotes.add(String.format(java.util.Locale.ROOT,
                    "%d of %d client samples without a request id joined to server spans by path and time"
                            + " (%.1f%%; approximate)%s",
                    matchedByTime, noId.size(), 100.0 * matchedByTime / noId.size(),
                    byTime.endedAfterClient() == 0
                            ? ""
                            : "; " + byTime.endedAfterClient()
                                    + " of those spans ended after the client had its"
                                    + " response (the server still sending, e.g. a 204's body)"));
        }
        if (sample.active() && !noId.isEmpty()) {
            // Without an id, a kept request's sample is the one the join by path and time gave it.
            java.util.Set<JtlSample> joined = java.util.Collections
                    .newSetFromMap(new java.util.IdentityHashMap<>());
            for (JtlSample p : partner) {
                if (p != null) {
                    joined.add(p);
                }
            }
            data.client
                    .removeIf(s -> (s.requestId() == null || s.requestId().isEmpty()) && !joined.contains(s));
            withoutId = matchedByTime;
        }
        clientNotes(allNotes);
        RunModel.Sampling sampling = sampling();
        long[] window = activeSpan(recording);
        Attributor attributor = new Attributor(data);
        ReactiveSplit split = new ReactiveSplit(data, reactive);
        TimelineCollector timeline = new TimelineCollector(window[0], window[1], laneThreads());
        List<RequestTimeline> requests = new ArrayList<>(data.requests.size());
        Breakdown total = new Breakdown();
        Map<String, Long> lockTotals = new HashMap<>();
        long matched = matchedById + matchedByTime;
        long clocked = 0;
        long unclocked = 0;
        for (int i = 0; i < partner.length; i++) {
            // Released as read: the timeline keeps what the views need, and a million of these is 72 MB of heap.
            Events.Request e = data.requests.set(i, null);
            long tid = e.thread().javaThreadId();
            timeline.beginWindow(tid);
            boolean hops = ReactiveData.NETTY.equals(e.server());
            if (!hops && e.cpuNanos() >= 0) {
                clocked++;
            } else if (!hops) {
                unclocked++;
            }
            Breakdown b = hops
                    ? split.attribute(e.requestId(), tid, e.startNanos(), e.endNanos(), timeline)
                    : attributor.attribute(tid, e.startNanos(), e.endNanos(), timeline, e.cpuNanos(),
                            e.runDelayNanos());
            total.addAll(b);
            JtlSample client = partner[i];
            long[] sums = hops
                    ? split.sums(e.requestId(), e.startNanos(), e.endNanos())
                    : sums(tid, e.startNanos(), e.endNanos());
            lockWaits(tid, e.startNanos(), e.endNanos(), lockTotals);
            requests.add(new RequestTimeline(e.requestId(), e.method(), e.uri(), e.status(), tid,
                    e.thread().name(),
                    e.startNanos(), e.endNanos(), b, sums[0], sums[1], sums[2], client));
        }
        if (clocked > 0 && unclocked > 0) {
            allNotes.add("the agent read the thread clock of " + clocked + " of " + (clocked + unclocked)
                    + " requests (its requestClock budget, or requests on virtual threads): the others' CPU and run"
                    + " delay come from ThreadSchedStat, sampled about every second");
        }
        StepProfiler profiler = new StepProfiler(data, attributor);
        List<StepProfile> slowest = java.util.stream.Stream
                .concat(requests.stream(), longest(attributor).stream())
                .sorted(Comparator.comparingLong(RequestTimeline::serverNanos).reversed()).limit(SLOWEST)
                .map(r -> reactive.loops.contains(r.threadId())
                        ? split.profile(r, r.threadId())
                        : profiler.profile(r))
                .toList();
        int lanesOmitted = Math.max(0,
                (int) requests.stream().mapToLong(RequestTimeline::threadId).distinct().count()
                        - LANES);
        RunModel.Join join = new RunModel.Join(matched, matchedByTime, requests.size() - matched,
                byId.size() - matchedById, withoutId - matchedByTime, withoutId, warmupRequests,
                requestsOutside,
                clientOutside);
        long[] holdOverlap = holdOverlap();
        RunModel.Pools pools = new RunModel.Pools(List.copyOf(data.workerGauges),
                List.copyOf(data.hikariGauges),
                Distribution.of(data.connectionWait), data.connectionWaitFailures,
                Distribution.of(data.hold), holdOverlap[0], holdOverlap[1],
                holdOverlap[2], failuresWithRoom(metadata)[0], failuresWithRoom(metadata)[1]);
        RunModel.Redis redis = new RunModel.Redis(Distribution.of(data.redisRoundTrip),
                Distribution.of(data.redisWait), data.redisFailures);
        boolean sampledByProfiler = data.profilerCpuSamples > 0;
        RunModel.Process process = new RunModel.Process(List.copyOf(data.cpuLoad),
                List.copyOf(data.contextSwitches),
                List.copyOf(data.threadCounts), List.copyOf(data.heap), data.gcs.size(), data.gcPauseNanos,
                data.safepointNanos, data.pinnedCount, data.pinnedNanos,
                sampledByProfiler ? data.profilerCpuSamples : data.cpuSamplesTotal,
                sampledByProfiler ? data.profilerYieldSpinSamples : data.yieldSpinSamples,
                sampledByProfiler ? RunModel.Process.ASYNC_PROFILER : RunModel.Process.JFR,
                data.agentStatus);
        java.util.Set<Long> workerIds = new java.util.HashSet<>();
        requests.forEach(r -> workerIds.add(r.threadId()));
        boolean schedstat = workerIds.stream()
                .anyMatch(id -> data.sched.containsKey(id) && data.sched.get(id).usable());
        if (!schedstat && !requests.isEmpty()) {
            allNotes.add(
                    "no ThreadSchedStat for the worker threads: run delay cannot be measured; on-CPU time comes "
                            + "from execution samples (20 ms period, at most a few threads per sample)");
        }
        return new RunModel(metadata, recording, jtl, List.copyOf(allNotes), measured, window[0], window[1],
                List.copyOf(requests), List.copyOf(data.client), join, total, pools, redis, process,
                schedTotals(workerIds, measured), schedTotals(data.eventLoopThreads, measured),
                timeline.finish(lanesOmitted),
                slowest,
                gapWindows(requests), schedstat, RunModel.LockSite.top(lockTotals), startup.finish(),
                reactive.loops.isEmpty()
                        ? EventLoops.NONE
                        : EventLoops.of(reactive, new MeasuredWindow(window[0], window[1], measured.source()),
                                split.queueBehind, data.eventLoopThreads),
                sampling);
    }

    /**
     * The window's longest requests the sample did not choose (servlet stack only), attributed like the kept ones but
     * counted in no figure: they only compete for the slowest-request profiles.
     */
    private List<RequestTimeline> longest(Attributor attributor) {
        Attributor.SegmentSink nowhere = new Attributor.SegmentSink() {
            @Override
            public void explicit(long start, long end, Cause cause) {
            }

            @Override
            public void remainder(long start, long end) {
            }

            @Override
            public void remainderShares(double[] byCause) {
            }
        };
        List<RequestTimeline> out = new ArrayList<>(data.longest.size());
        for (Events.Request e : data.longest) {
            long tid = e.thread().javaThreadId();
            Breakdown b = attributor.attribute(tid, e.startNanos(), e.endNanos(), nowhere, e.cpuNanos(),
                    e.runDelayNanos());
            long[] sums = sums(tid, e.startNanos(), e.endNanos());
            out.add(new RequestTimeline(e.requestId(), e.method(), e.uri(), e.status(), tid,
                    e.thread().name(),
                    e.startNanos(), e.endNanos(), b, sums[0], sums[1], sums[2], null));
        }
        return out;
    }

    /**
     * getConnection failures while the pool had room (fewer connections in use than its maximum): the pool could not
     * make a connection, so the database or the way to it failed; {count, nanos waited}.
     */
    private long[] failuresWithRoom(RunMetadata metadata) {
        Integer max = metadata.maximumPoolSize();
        if (max == null) {
            max = data.hikariGauges.stream().mapToInt(Events.HikariPoolGauge::max).max().orElse(0);
        }
        long[] r = new long[2];
        for (int i = 0; i + 1 < data.connectionFailures.size(); i += 2) {
            if (max > 0 && data.connectionFailures.get(i) < max) {
                r[0]++;
                r[1] += data.connectionFailures.get(i + 1);
            }
        }
        return r;
    }

    /** Lock and monitor waits inside one request, summed by what was waited on (monitor or parked class). */
    private void lockWaits(long tid, long from, long to, Map<String, Long> totals) {
        ThreadSpans spans = data.spans.get(tid);
        if (spans == null) {
            return;
        }
        spans.overlapping(from, to, i -> {
            if (spans.kind(i) == SpanKind.LOCK) {
                long len = Math.min(to, spans.end(i)) - Math.max(from, spans.start(i));
                String what = data.labels.name(spans.label(i));
                totals.merge(what.isEmpty() ? "?" : what, len, Long::sum);
            }
        });
    }

    private void dropNotes(List<String> notes) {
        if (data.droppedSpans > 0) {
            notes.add(data.droppedSpans + " wait intervals beyond the first " + data.maxSpans
                    + " were not kept: attribution of later requests may show more unexplained time");
        }
        if (data.droppedRequests > 0) {
            notes.add(data.droppedRequests + " requests beyond the first " + data.maxRequests
                    + " were ignored: the request figures (latencies, server time by cause, lanes, diagnosis) cover"
                    + " the first " + data.maxRequests + " only");
        }
        if (reactive.droppedOwn > 0) {
            notes.add(reactive.droppedOwn
                    + " reactive request intervals (R2DBC acquires and holds, Redis replies)"
                    + " beyond the first " + ReactiveData.MAX_OWN
                    + " were not kept: later requests on the reactive stack may show more unexplained time");
        }
        if (data.spansAfterKeptRequests > 0) {
            notes.add(data.spansAfterKeptRequests
                    + " wait, hold and pause intervals starting after the last kept request had ended were not kept"
                    + " (they cannot overlap a counted request)");
        }
        if (sample.active()) {
            notes.add((data.requestsCounted - data.requests.size()) + " of " + data.requestsCounted
                    + " requests were not kept: the request figures (latencies, server time by cause, lanes,"
                    + " diagnosis) come from every " + ordinal(sample.every())
                    + " request, spread over the whole window; counts and throughput from all of them");
        }
        if (data.spansOutsideSample > 0) {
            notes.add(data.spansOutsideSample
                    + " wait, hold and reactive intervals overlapping no kept request were not kept");
        }
    }

    /** What was kept of the JMeter samples, once restricted to those of the kept requests when these are a sample. */
    private void clientNotes(List<String> notes) {
        long notKept = data.clientCounted - data.client.size();
        if (sample.active() && data.clientCounted > 0) {
            notes.add(notKept + " of " + data.clientCounted
                    + " JMeter samples were not kept: the client figures (client latency, the client-server join)"
                    + " come from the samples of the kept requests; counts, throughput and error rate from all of"
                    + " them");
        } else if (data.clientEvery > 1) {
            notes.add(notKept + " of " + data.clientCounted
                    + " JMeter samples were not kept: the client figures (client latency, the client-server join)"
                    + " come from every " + ordinal(data.clientEvery)
                    + " sample, spread over the whole run; counts, throughput and error rate from all of them;"
                    + " a request is joined only when its sample was kept too");
        }
    }

    /** 2nd, 3rd, 7th, 11th, 21st. */
    static String ordinal(long n) {
        long tens = n % 100;
        String suffix = tens >= 11 && tens <= 13
                ? "th"
                : switch ((int) (n % 10)) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }

    private RunModel.Sampling sampling() {
        if (sample.active()) {
            return clientSampling(data.requestsCounted, data.serverErrors, sample.every());
        }
        return clientSampling(data.requests.size(),
                data.requests.stream().filter(r -> r.status() >= 500).count(),
                1);
    }

    private RunModel.Sampling clientSampling(long requests, long serverErrors, long every) {
        if (data.clientEvery > 1 || sample.active() && data.clientCounted > 0) {
            return new RunModel.Sampling(requests, serverErrors, every, data.clientCounted,
                    data.clientFailures,
                    Math.max(every, data.clientEvery));
        }
        return new RunModel.Sampling(requests, serverErrors, every, data.client.size(),
                data.client.stream().filter(s -> !s.success()).count(), 1);
    }

    private void windowNotes(List<String> notes, long clientOutside) {
        if (warmupRequests > 0) {
            notes.add(warmupRequests + " warm-up requests (ids " + WARMUP_PREFIX + "…) were not counted");
        }
        if (requestsOutside > 0 || clientOutside > 0) {
            notes.add(requestsOutside + " server requests and " + clientOutside
                    + " JMeter samples started outside the measured window and were not counted");
        }
    }

    /** The fallback window: the recording's first to last event, else whatever requests and samples span. */
    private MeasuredWindow wholeRecording(RecordingInfo recording) {
        if (recording != null && recording.lastEventNanos() > recording.firstEventNanos()) {
            return new MeasuredWindow(recording.firstEventNanos(), recording.lastEventNanos(),
                    MeasuredWindow.Source.RECORDING);
        }
        long[] span = activeSpan(recording);
        return new MeasuredWindow(span[0], span[1], MeasuredWindow.Source.RECORDING);
    }

    /** Where load really ran: first measured request or sample start to the last end. */
    private long[] activeSpan(RecordingInfo recording) {
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (Events.Request r : data.requests) {
            start = Math.min(start, r.startNanos());
            end = Math.max(end, r.endNanos());
        }
        if (sample.active() && data.requestsCounted > 0) {
            // The kept requests are a sample: the run spans all of them.
            start = Math.min(start, countedFirst);
            end = Math.max(end, countedLast);
        }
        if ((data.clientEvery > 1 || sample.active()) && clientFirst != Long.MAX_VALUE) {
            // So are the kept JMeter samples: the run spans all of them too.
            start = Math.min(start, clientFirst * 1_000_000L);
            end = Math.max(end, clientLast * 1_000_000L);
        }
        for (JtlSample s : data.client) {
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

    /** The busiest request-serving threads get a lane each. */
    private Map<Long, String> laneThreads() {
        Map<Long, Long> count = new HashMap<>();
        Map<Long, String> name = new HashMap<>();
        for (Events.Request r : data.requests) {
            count.merge(r.thread().javaThreadId(), 1L, Long::sum);
            name.put(r.thread().javaThreadId(), r.thread().name());
        }
        Map<Long, String> lanes = new LinkedHashMap<>();
        count.entrySet().stream().sorted(Map.Entry.<Long, Long>comparingByValue().reversed()).limit(LANES)
                .map(Map.Entry::getKey).sorted(Comparator.comparing(name::get))
                .forEach(id -> lanes.put(id, name.get(id)));
        return lanes;
    }

    /** {pool wait, hold, redis wait} nanos on the thread inside [from, to). */
    private long[] sums(long tid, long from, long to) {
        long[] r = new long[3];
        ThreadSpans spans = data.spans.get(tid);
        if (spans == null) {
            return r;
        }
        spans.overlapping(from, to, i -> {
            long len = Math.min(to, spans.end(i)) - Math.max(from, spans.start(i));
            switch (spans.kind(i)) {
                case CONNECTION_WAIT -> r[0] += len;
                case CONNECTION_HOLD -> r[1] += len;
                case REDIS_WAIT -> r[2] += len;
                default -> {
                }
            }
        });
        return r;
    }

    /**
     * {total hold, Redis wait inside holds, lock, sleep and non-database socket waits inside holds}: non-database
     * waits while holding.
     */
    private long[] holdOverlap() {
        long[] r = new long[3];
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
                spans.overlapping(hs, he, i -> {
                    long len = Math.min(he, spans.end(i)) - Math.max(hs, spans.start(i));
                    switch (spans.kind(i)) {
                        case REDIS_WAIT -> r[1] += len;
                        // Database I/O is the connection's own work; a socket outside the driver is another call.
                        case LOCK, SLEEP, SOCKET -> r[2] += len;
                        default -> {
                        }
                    }
                });
            }
        }
        return r;
    }

    /** Schedstat deltas inside the measured window (interpolated at its edges). */
    private SchedTotals schedTotals(java.util.Collection<Long> ids, MeasuredWindow w) {
        int n = 0;
        long cpu = 0;
        long rd = 0;
        long vol = 0;
        long invol = 0;
        long span = 0;
        List<String> names = new ArrayList<>();
        for (Long id : ids) {
            SchedSeries s = data.sched.get(id);
            if (s == null || !s.usable()) {
                continue;
            }
            long from = Math.max(w.startNanos(), s.firstTime());
            long to = Math.min(w.endNanos(), s.lastTime());
            if (to <= from) {
                continue;
            }
            n++;
            cpu += s.cpuBetween(from, to);
            rd += s.runDelayBetween(from, to);
            vol += s.voluntaryBetween(from, to);
            invol += s.involuntaryBetween(from, to);
            span += to - from;
            if (names.size() < 3) {
                names.add(s.threadName);
            }
        }
        return new SchedTotals(n, cpu, rd, vol, invol, span, String.join(", ", names));
    }

    private List<GapWindow> gapWindows(List<RequestTimeline> requests) {
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
