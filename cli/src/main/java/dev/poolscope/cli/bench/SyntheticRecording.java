package dev.poolscope.cli.bench;

import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.ConnectionWaitEvent;
import dev.poolscope.format.event.HikariPoolEvent;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RedisWaitEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.format.event.WorkerPoolEvent;
import dev.poolscope.format.folder.RunFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import jdk.jfr.Recording;

/**
 * Writes a recording of any size with poolscope's own event types, committed with the agent's own event classes
 * (poolscope-format; docs/reference/recording-format.md), so the analysis can be measured on files far larger than a
 * short lab run makes. Worker threads commit, per request, a ConnectionWait, a ConnectionHold
 * enclosing a RedisWait and its RedisRoundTrip, then the Request; every {@link #SCHED_EVERY} requests a
 * ThreadSchedStat with the thread's own /proc/thread-self counters; every {@link #PARK_EVERY} a real park (a
 * jdk.ThreadPark with its stack). A gauge thread commits WorkerPool and HikariPool once a second; the JDK's execution
 * samples, CPU load, thread counts and GC events are recorded as the agent enables them. Event times are real (JFR
 * sets them): requests last microseconds.
 */
final class SyntheticRecording {
    static final int SCHED_EVERY = 500;
    static final int PARK_EVERY = 256;
    static final String POOL = "HikariPool-1";
    private static final String[] URIS = {"/api/orders", "/api/orders/recent", "/api/customers", "/health"};
    private static final String[] COMMANDS = {"GET", "SET", "GET", "HGETALL"};

    /** What was committed, by event type name; exact, so a reader can be checked against it. */
    record Result(Path file, long bytes, Map<String, Long> committed) {
    }

    /**
     * Writes {@code agentDir/recording.jfr}, growing it until JFR reports at least {@code targetBytes} on disk, or
     * exactly {@code requests} requests when that is positive.
     */
    Result write(Path agentDir, long targetBytes, long requests, int threads)
            throws IOException, InterruptedException {
        Files.createDirectories(agentDir);
        Path file = agentDir.resolve(RunFolder.RECORDING_JFR);
        Counters counters = new Counters();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong issued = new AtomicLong();
        try (Recording r = new Recording()) {
            for (String e : List.of(RequestEvent.NAME, ConnectionWaitEvent.NAME,
                    ConnectionHoldEvent.NAME,
                    RedisWaitEvent.NAME, RedisRoundTripEvent.NAME, WorkerPoolEvent.NAME,
                    HikariPoolEvent.NAME, ThreadSchedStatEvent.NAME)) {
                r.enable(e).withThreshold(Duration.ZERO).withoutStackTrace();
            }
            r.enable(JdkTypes.THREAD_PARK).withThreshold(Duration.ZERO).withStackTrace();
            r.enable(JdkTypes.EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(20));
            for (String e : List.of(JdkTypes.CPU_LOAD, JdkTypes.JAVA_THREAD_STATISTICS,
                    JdkTypes.THREAD_CONTEXT_SWITCH_RATE)) {
                r.enable(e).withPeriod(Duration.ofSeconds(1));
            }
            for (String e : List.of(JdkTypes.GARBAGE_COLLECTION, JdkTypes.GC_PHASE_PAUSE,
                    JdkTypes.GC_HEAP_SUMMARY)) {
                r.enable(e).withThreshold(Duration.ZERO);
            }
            r.setToDisk(true);
            r.start();
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread w = new Thread(() -> work(stop, issued, requests, counters),
                        "http-nio-8080-exec-" + (t + 1));
                workers.add(w);
                w.start();
            }
            Thread gauges = new Thread(() -> gauges(stop, threads, counters), "synthetic-gauges");
            gauges.setDaemon(true);
            gauges.start();
            while (workers.stream().anyMatch(Thread::isAlive)) {
                if (requests <= 0 && r.getSize() >= targetBytes) {
                    stop.set(true);
                }
                Thread.sleep(100);
            }
            stop.set(true);
            gauges.join();
            r.stop();
            r.dump(file);
        }
        return new Result(file, Files.size(file), counters.snapshot());
    }

    private static void work(AtomicBoolean stop, AtomicLong issued, long limit, Counters c) {
        long tid = Thread.currentThread().threadId();
        long n = 0;
        while (!stop.get()) {
            long id = issued.getAndIncrement();
            if (limit > 0 && id >= limit) {
                break;
            }
            RequestEvent req = new RequestEvent();
            req.begin();
            ConnectionWaitEvent wait = new ConnectionWaitEvent();
            wait.begin();
            wait.pool = POOL;
            wait.connectionId = "conn-" + (id % 10);
            wait.success = true;
            wait.active = (int) (id % 10);
            wait.idle = 10 - wait.active;
            wait.waiting = 0;
            wait.total = 10;
            wait.commit();
            ConnectionHoldEvent hold = new ConnectionHoldEvent();
            hold.begin();
            RedisWaitEvent rw = new RedisWaitEvent();
            rw.begin();
            RedisRoundTripEvent rt = new RedisRoundTripEvent();
            rt.begin();
            rt.command = COMMANDS[(int) (id % COMMANDS.length)];
            rt.callerThreadId = tid;
            rt.success = true;
            rt.commit();
            rw.command = rt.command;
            rw.success = true;
            rw.commit();
            hold.pool = POOL;
            hold.connectionId = wait.connectionId;
            hold.active = wait.active;
            hold.idle = wait.idle;
            hold.waiting = 0;
            hold.total = 10;
            hold.commit();
            if (id % PARK_EVERY == 0) {
                LockSupport.parkNanos(10_000);
            }
            req.requestId = "synth-" + id;
            req.method = "GET";
            req.uri = URIS[(int) (id % URIS.length)];
            req.status = 200;
            req.server = "tomcat";
            req.commit();
            c.add(RequestEvent.NAME);
            c.add(ConnectionWaitEvent.NAME);
            c.add(ConnectionHoldEvent.NAME);
            c.add(RedisWaitEvent.NAME);
            c.add(RedisRoundTripEvent.NAME);
            if (++n % SCHED_EVERY == 0) {
                schedStat(tid, c);
            }
        }
        schedStat(tid, c);
    }

    /** The calling thread's own counters: /proc/thread-self is always the caller. */
    private static void schedStat(long javaThreadId, Counters c) {
        ThreadSchedStatEvent e = new ThreadSchedStatEvent();
        e.javaThreadId = javaThreadId;
        e.threadName = Thread.currentThread().getName();
        try {
            String self = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
            e.osThreadId = Long.parseLong(self.substring(self.lastIndexOf('/') + 1));
            String[] s = Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split(" ");
            e.cpuNanos = Long.parseLong(s[0]);
            e.runDelayNanos = Long.parseLong(s[1]);
            e.timeslices = Long.parseLong(s[2]);
            for (String line : Files.readAllLines(Path.of("/proc/thread-self/status"))) {
                if (line.startsWith("voluntary_ctxt_switches:")) {
                    e.voluntarySwitches = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    e.involuntarySwitches = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            // Not Linux: no schedstat, as with the agent.
            return;
        }
        e.commit();
        c.add(ThreadSchedStatEvent.NAME);
    }

    private static void gauges(AtomicBoolean stop, int threads, Counters c) {
        while (!stop.get()) {
            WorkerPoolEvent w = new WorkerPoolEvent();
            w.server = "tomcat";
            w.busy = threads;
            w.size = threads;
            w.max = 200;
            w.queued = 0;
            w.commit();
            HikariPoolEvent h = new HikariPoolEvent();
            h.pool = POOL;
            h.active = Math.min(threads, 10);
            h.idle = 10 - h.active;
            h.total = 10;
            h.max = 10;
            h.commit();
            c.add(WorkerPoolEvent.NAME);
            c.add(HikariPoolEvent.NAME);
            LockSupport.parkNanos(1_000_000_000L);
        }
    }

    private static final class Counters {
        private final Map<String, AtomicLong> counts = new java.util.concurrent.ConcurrentHashMap<>();

        void add(String type) {
            counts.computeIfAbsent(type, k -> new AtomicLong()).incrementAndGet();
        }

        Map<String, Long> snapshot() {
            Map<String, Long> r = new TreeMap<>();
            counts.forEach((k, v) -> r.put(k, v.get()));
            return r;
        }
    }
}
