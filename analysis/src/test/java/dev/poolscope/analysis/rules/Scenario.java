package dev.poolscope.analysis.rules;

import java.util.List;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.RunModelBuilder;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Synthetic events with exact times: ten 100 ms requests back to back on one worker thread over one second. Each
 * method adds events at fixed offsets inside every request.
 */
final class Scenario {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final long MB_BYTES = 1024 * 1024;
    static final Events.ThreadRef WORKER = new Events.ThreadRef(42, 4242, "http-nio-8080-exec-1", false);
    static final Events.ThreadRef LOOP = new Events.ThreadRef(7, 707, "lettuce-nioEventLoop-4-1", false);

    final RunModelBuilder b = new RunModelBuilder();
    int poolSize = 10;
    int maxThreads = 200;
    boolean virtualThreads;

    Scenario() {
        this(10);
    }

    private Scenario(int requests) {
        for (int i = 0; i < requests; i++) {
            b.events().request(
                    new Events.Request(WORKER, start(i), start(i) + 100 * MS, "r-" + i, "GET", "/api/x", 200,
                            "tomcat"));
        }
    }

    /**
     * Ten requests of 100 ms, each on a virtual thread of its own, each sleeping {@code sleepMs} from its start and
     * running {@code overrunMs} past that before it woke.
     */
    static Scenario virtualSleeps(long sleepMs, long overrunMs) {
        Scenario s = empty();
        for (int i = 0; i < 10; i++) {
            Events.ThreadRef vt = new Events.ThreadRef(1000 + i, -1, "", true);
            s.b.events().request(new Events.Request(vt, start(i), start(i) + 100 * MS, "r-" + i, "GET",
                    "/api/x", 200, "tomcat"));
            s.b.events().threadWait(new Events.ThreadWait(vt, start(i), start(i) + (sleepMs + overrunMs) * MS,
                    Events.WaitKind.SLEEP, "", -1, sleepMs * MS));
        }
        return s;
    }

    /** A run whose recording has no requests. */
    static Scenario empty() {
        return new Scenario(0);
    }

    /** Ten requests of {@code spanMicros} each, with the CPU and run delay the agent measured on their thread. */
    static Scenario measured(long spanMicros, long cpuMicros, long runDelayMicros) {
        Scenario s = empty();
        for (int i = 0; i < 10; i++) {
            s.b.events()
                    .request(new Events.Request(WORKER, start(i), start(i) + spanMicros * 1000, "r-" + i,
                            "GET",
                            "/api/x", 200, "tomcat", cpuMicros * 1000, runDelayMicros * 1000));
        }
        return s;
    }

    static long start(int i) {
        return T0 + i * 100 * MS;
    }

    /** Adds, in every request, an interval [from, to) ms after its start. */
    Scenario each(long fromMs, long toMs, Kind kind) {
        for (int i = 0; i < 10; i++) {
            long s = start(i) + fromMs * MS;
            long e = start(i) + toMs * MS;
            switch (kind) {
                case CONNECTION_WAIT -> b.events().connectionWait(
                        new Events.ConnectionWait(WORKER, s, e, "HikariPool-1", "c1", true, 10, 0, 5, 10));
                case HOLD ->
                    b.events().connectionHold(
                            new Events.ConnectionHold(WORKER, s, e, "HikariPool-1", "c1", 10, 0, 5,
                                    10));
                case REDIS_WAIT -> b.events().redisWait(new Events.RedisWait(WORKER, s, e, "GET", true));
                case MONITOR ->
                    b.events().threadWait(new Events.ThreadWait(WORKER, s, e, Events.WaitKind.MONITOR_ENTER,
                            "java.lang.Object"));
                case FAILED_CONNECTION -> b.events().connectionWait(
                        new Events.ConnectionWait(WORKER, s, e, "HikariPool-1", "", false, 0, 0, 0, 0));
                case SLEEP ->
                    b.events().threadWait(new Events.ThreadWait(WORKER, s, e, Events.WaitKind.SLEEP, ""));
                case LOCAL_WRITE -> b.events().threadWait(
                        new Events.ThreadWait(WORKER, s, e, Events.WaitKind.LOCAL_WRITE, "127.0.0.1"));
                case SOCKET_WRITE -> b.events().threadWait(
                        new Events.ThreadWait(WORKER, s, e, Events.WaitKind.SOCKET_WRITE, "10.0.0.7"));
                case DATABASE -> b.events()
                        .threadWait(new Events.ThreadWait(WORKER, s, e, Events.WaitKind.DATABASE_IO,
                                "127.0.0.1"));
                case HTTP_CALL -> b.events().httpCall(httpCall(s, e, 0));
                case HTTP_CALL_HELD -> b.events().httpCall(httpCall(s, e, 1));
                case CLIENT_PARK -> b.events().threadWait(new Events.ThreadWait(WORKER, s, e,
                        Events.WaitKind.PARK_OTHER, "java.util.concurrent.CompletableFuture$Signaller"));
            }
        }
        return this;
    }

    enum Kind {
        CONNECTION_WAIT, HOLD, REDIS_WAIT, MONITOR, SLEEP, FAILED_CONNECTION, DATABASE, LOCAL_WRITE, SOCKET_WRITE,
        /** A blocking JDK HttpClient call to {@link #DOWNSTREAM}: made without, or while holding, a pooled connection. */
        HTTP_CALL, HTTP_CALL_HELD,
        /** The park inside {@code HttpClient.send}, as JFR records it: a wait on a CompletableFuture. */
        CLIENT_PARK
    }

    static final String DOWNSTREAM = "http://pricing.internal:8080";

    private static Events.HttpCall httpCall(long start, long end, int connectionsHeld) {
        return new Events.HttpCall(WORKER, start, end, DOWNSTREAM, "POST", 200, false, "", "jdk", true,
                WORKER.javaThreadId(), "", connectionsHeld);
    }

    Scenario roundTrips(long ms) {
        for (int i = 0; i < 10; i++) {
            b.events().redisRoundTrip(
                    new Events.RedisRoundTrip(LOOP, start(i), start(i) + ms * MS, "GET", 42, true));
        }
        return this;
    }

    /** Ten round trips of {@code ms} of {@code command}, one in each request. */
    Scenario roundTrips(long ms, String command) {
        for (int i = 0; i < 10; i++) {
            b.events().redisRoundTrip(
                    new Events.RedisRoundTrip(LOOP, start(i), start(i) + ms * MS, command, 42, true));
        }
        return this;
    }

    /** In every request, the worker blocked {@code ms} while pinned at {@code site}, for {@code reason}. */
    Scenario pinned(long ms, String site, String reason) {
        for (int i = 0; i < 10; i++) {
            b.events().virtualThreadPinned(
                    new Events.VirtualThreadPinned(WORKER, start(i) + 10 * MS, start(i) + (10 + ms) * MS,
                            site,
                            reason));
        }
        return this;
    }

    Scenario saturatedPoolGauges() {
        for (int i = 0; i <= 10; i++) {
            b.events().hikariPool(new Events.HikariPoolGauge(start(i), "HikariPool-1", 10, 0, 5, 10, 10));
            b.events().workerPool(new Events.WorkerPoolGauge(start(i), "tomcat", 200, 200, 200, -1));
        }
        return this;
    }

    Scenario schedStat(long cpuMs, long runDelayMs) {
        b.events().schedStat(new Events.SchedStat(T0, 4242, 42, WORKER.name(), 0, 0, 0, 0, 0));
        b.events()
                .schedStat(new Events.SchedStat(T0 + 1000 * MS, 4242, 42, WORKER.name(), cpuMs * MS,
                        runDelayMs * MS,
                        0, 10,
                        100));
        b.events().cpuLoad(new Events.CpuLoad(T0 + 500 * MS, 0.4, 0.1, 0.98));
        return this;
    }

    /**
     * Requests on virtual threads, and one carrier of theirs over the second from T0 (as the agent finds it: OS thread
     * id only), with its CPU and run delay in it; the machine at 98%.
     */
    Scenario carrier(long cpuMs, long runDelayMs) {
        virtualThreads = true;
        b.events().schedStat(new Events.SchedStat(T0, 5151, 0, "ForkJoinPool-1-", 0, 0, 0, 0, 0, true));
        b.events().schedStat(new Events.SchedStat(T0 + 1000 * MS, 5151, 0, "ForkJoinPool-1-", cpuMs * MS,
                runDelayMs * MS, 0, 10, 100, true));
        b.events().cpuLoad(new Events.CpuLoad(T0 + 500 * MS, 0.4, 0.1, 0.98));
        return this;
    }

    /** One more jdk.CPULoad sample: this JVM's user and system CPU and the machine's, fractions of all its CPUs. */
    Scenario cpuLoad(double jvmUser, double jvmSystem, double machine) {
        b.events().cpuLoad(new Events.CpuLoad(T0 + 700 * MS, jvmUser, jvmSystem, machine));
        return this;
    }

    /** Every connection out in every pool sample, nobody waiting: the pool full, not starved. */
    Scenario fullPool() {
        for (int i = 0; i <= 10; i++) {
            b.events().hikariPool(
                    new Events.HikariPoolGauge(start(i), "HikariPool-1", poolSize, 0, 0, poolSize, poolSize));
        }
        return this;
    }

    /** No connection of {@code poolSize} out in any pool sample. */
    Scenario roomyPool() {
        for (int i = 0; i <= 10; i++) {
            b.events().hikariPool(
                    new Events.HikariPoolGauge(start(i), "HikariPool-1", 0, poolSize, 0, poolSize,
                            poolSize));
        }
        return this;
    }

    /** Every worker busy in every gauge sample (the worker pool alone). */
    Scenario fullWorkers() {
        for (int i = 0; i <= 10; i++) {
            b.events().workerPool(
                    new Events.WorkerPoolGauge(start(i), "tomcat", maxThreads, maxThreads, maxThreads, -1));
        }
        return this;
    }

    /** Worker gauges with one of {@code maxThreads} busy: free workers all along. */
    Scenario idleWorkers() {
        for (int i = 0; i <= 10; i++) {
            b.events().workerPool(
                    new Events.WorkerPoolGauge(start(i), "tomcat", 1, maxThreads, maxThreads, -1));
        }
        return this;
    }

    /** Worker gauges with {@code busy} of {@code maxThreads} busy in every sample: that many requests in flight. */
    Scenario busyWorkers(int busy) {
        for (int i = 0; i <= 10; i++) {
            b.events().workerPool(
                    new Events.WorkerPoolGauge(start(i), "tomcat", busy, maxThreads, maxThreads, -1));
        }
        return this;
    }

    /** The Lettuce event loop's schedstat over the second: its CPU and run delay. */
    Scenario loopSchedStat(long cpuMs, long runDelayMs) {
        b.events().schedStat(new Events.SchedStat(T0, 707, 7, LOOP.name(), 0, 0, 0, 0, 0));
        b.events().schedStat(
                new Events.SchedStat(T0 + 1000 * MS, 707, 7, LOOP.name(), cpuMs * MS, runDelayMs * MS, 0, 10,
                        100));
        return this;
    }

    /**
     * A stop-the-world pause [from, to) ms into every request, and the collections that made them (their sum is what
     * gc-pressure scores).
     */
    Scenario pauses(long fromMs, long toMs) {
        for (int i = 0; i < 10; i++) {
            b.events()
                    .pause(new Events.Pause(start(i) + fromMs * MS, start(i) + toMs * MS, Events.PauseKind.GC,
                            "GC Pause"));
            b.events().garbageCollection(new Events.GarbageCollection(start(i) + toMs * MS, "G1Old",
                    (toMs - fromMs) * MS, (toMs - fromMs) * MS));
        }
        return this;
    }

    /**
     * async-profiler wall samples of the worker asleep in a monitor enter, at each of {@code atMs} into every request:
     * short waits the JDK's 10 ms threshold did not record.
     */
    Scenario wallLockSamples(long... atMs) {
        for (int i = 0; i < 10; i++) {
            for (long at : atMs) {
                b.wallSample(
                        new Events.WallSample(WORKER.javaThreadId(), WORKER.osThreadId(), start(i) + at * MS,
                                1, Events.WaitKind.MONITOR_ENTER));
            }
        }
        return this;
    }

    /** A sleep in every request from {@code fromMs} to {@code toMs} in, that asked for {@code askedMs}. */
    Scenario sleeps(long fromMs, long toMs, long askedMs) {
        return dueWaits(Events.WaitKind.SLEEP, "", fromMs, toMs, askedMs);
    }

    /** A wait of {@code kind} in every request, due to end by itself {@code dueMs} after its start. */
    Scenario dueWaits(Events.WaitKind kind, String detail, long fromMs, long toMs, long dueMs) {
        for (int i = 0; i < 10; i++) {
            b.events().threadWait(
                    new Events.ThreadWait(WORKER, start(i) + fromMs * MS, start(i) + toMs * MS, kind,
                            detail, -1, dueMs * MS));
        }
        return this;
    }

    /** One collection half-way through the second, the world stopped for {@code pauseMs}, as the JDK records it. */
    Scenario gc(long pauseMs) {
        return collection(T0 + 500 * MS, "G1New", pauseMs);
    }

    /** A collection at {@code at}: its pause interval (jdk.GCPhasePause) and its summary (jdk.GarbageCollection). */
    private Scenario collection(long at, String name, long pauseMs) {
        b.events().pause(new Events.Pause(at, at + pauseMs * MS, Events.PauseKind.GC, "GC Pause"));
        b.events().garbageCollection(new Events.GarbageCollection(at, name, pauseMs * MS, pauseMs * MS));
        return this;
    }

    /** The heap's configuration as the JDK records it at a chunk's start: its maximum and its collectors. */
    Scenario heap(long maxMb, String young, String old) {
        b.events().heapConfiguration(new Events.HeapConfiguration(T0, maxMb * MB_BYTES));
        b.events().gcConfiguration(new Events.GcConfiguration(T0, young, old));
        return this;
    }

    /** {@code n} collections by {@code name} spread over the second, each pausing {@code pauseMs}. */
    Scenario collections(String name, int n, long pauseMs) {
        return collections(name, n, pauseMs, 1);
    }

    /** The same, the first {@code offsetMs} into the second: collections never overlap, nor should a scenario's. */
    Scenario collections(String name, int n, long pauseMs, long offsetMs) {
        for (int i = 0; i < n; i++) {
            collection(T0 + (i * 1000L / n + offsetMs) * MS, name, pauseMs);
        }
        return this;
    }

    /** The heap used after collections, one summary per value, in the second. */
    Scenario afterGc(long... mb) {
        for (int i = 0; i < mb.length; i++) {
            b.events().heapSummary(new Events.HeapSummary(T0 + (i * 1000L / mb.length + 2) * MS,
                    mb[i] * MB_BYTES, true));
        }
        return this;
    }

    /** {@code samples} allocation samples at {@code site} weighing {@code mb} in all. */
    Scenario allocations(String site, String objectClass, long mb, int samples) {
        for (int i = 0; i < samples; i++) {
            b.events().allocationSample(new Events.AllocationSample(T0 + (i * 1000L / samples + 3) * MS, site,
                    objectClass, mb * MB_BYTES / samples));
        }
        return this;
    }

    Scenario client(long elapsedMs) {
        return client(elapsedMs, 1);
    }

    /** One JMeter sample per request, ending with it, from a plan of {@code clients} threads. */
    Scenario client(long elapsedMs, int clients) {
        for (int i = 0; i < 10; i++) {
            long serverEndMs = (start(i) + 100 * MS) / MS;
            b.accept(new JtlSample(serverEndMs - elapsedMs, elapsedMs, "GET x", "200", true, clients,
                    elapsedMs, 1,
                    "http://h/api/x", "r-" + i));
        }
        return this;
    }

    Scenario cpuSamples(int total, int yielding) {
        for (int i = 0; i < total; i++) {
            b.events().cpuSample(new Events.CpuSample(WORKER, T0 + i * 10 * MS, i < yielding));
        }
        return this;
    }

    Scenario profilerCpuSamples(int total, int yielding) {
        for (int i = 0; i < total; i++) {
            b.profilerCpuSample(T0 + i * 10 * MS, i < yielding);
        }
        return this;
    }

    RunModel model() {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", maxThreads, virtualThreads,
                List.of(new RunMetadata.Pool("HikariPool-1", poolSize, 10_000L)), false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, java.util.Map.of(), List.of(), T0,
                T0 + 1000 * MS);
        return b.build(meta, info, null, List.of());
    }

    static RuleResult run(Rule rule, Scenario s) {
        return rule.evaluate(s.model());
    }
}
