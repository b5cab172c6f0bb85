package dev.poolscope.analysis.recording;

import dev.poolscope.format.event.R2dbcAcquireEvent;

/**
 * Immutable values read from a recording. Times are epoch nanoseconds, durations nanoseconds; units are in the names.
 * Strings are as recorded: renderers must escape them.
 *
 * <p>
 * Over 300 lines because it is one list: a record per event kind the analysis reads (32 of them), each a few lines,
 * kept together so that the reader's binder and every collector see the whole vocabulary in one place.
 */
public final class Events {
    private Events() {
    }

    /** The thread an event happened on; {@code javaThreadId} is the join key for same-thread analysis. */
    public record ThreadRef(long javaThreadId, long osThreadId, String name, boolean virtual) {
        static final ThreadRef UNKNOWN = new ThreadRef(-1, -1, "?", false);
    }

    /**
     * {@code cpuNanos} and {@code runDelayNanos}: the serving thread's own CPU time and run-queue delay inside the
     * span, measured by the agent; -1 when unknown (virtual threads, older agents).
     */
    public record Request(ThreadRef thread, long startNanos, long endNanos, String requestId, String method,
            String uri, int status, String server, long cpuNanos, long runDelayNanos) {
        /** A span without measured CPU and run delay. */
        public Request(ThreadRef thread, long startNanos, long endNanos, String requestId, String method,
                String uri, int status, String server) {
            this(thread, startNanos, endNanos, requestId, method, uri, status, server, -1, -1);
        }
    }

    public record ConnectionWait(ThreadRef thread, long startNanos, long endNanos, String pool,
            String connectionId,
            boolean success, int active, int idle, int waiting, int total) {
    }

    public record ConnectionHold(ThreadRef thread, long startNanos, long endNanos, String pool,
            String connectionId,
            int active, int idle, int waiting, int total) {
    }

    public record RedisWait(ThreadRef thread, long startNanos, long endNanos, String command,
            boolean success) {
    }

    /** Committed on the thread that completed the reply (Lettuce's event loop), not the caller. */
    public record RedisRoundTrip(ThreadRef thread, long startNanos, long endNanos, String command,
            long callerThreadId, boolean success, String requestId) {
        /** A command from the async or sync API: tied to no request. */
        public RedisRoundTrip(ThreadRef thread, long startNanos, long endNanos, String command,
                long callerThreadId, boolean success) {
            this(thread, startNanos, endNanos, command, callerThreadId, success, "");
        }
    }

    /**
     * One outbound HTTP call. A blocking one is committed on the thread that waited ({@code thread}); an asynchronous
     * one where it completed, with {@code callerThreadId} the thread that made it. {@code requestId}: the reactive
     * request it ran for, else empty. {@code connectionsHeld}: pooled JDBC connections the caller held when it called.
     */
    public record HttpCall(ThreadRef thread, long startNanos, long endNanos, String target, String method,
            int status, boolean failed, String error, String client, boolean blocking, long callerThreadId,
            String requestId, int connectionsHeld) {
        /** Failed: an exception, or a server error the client returned as a response. */
        public boolean unsuccessful() {
            return failed || status >= 500;
        }
    }

    public record WorkerPoolGauge(long timeNanos, String server, int busy, int size, int max, int queued) {
    }

    public record HikariPoolGauge(long timeNanos, String pool, int active, int idle, int waiting, int total,
            int max) {
    }

    /**
     * Counters are cumulative since the thread started. {@code carrier}: a carrier of virtual threads, whose
     * {@code javaThreadId} is 0.
     */
    public record SchedStat(long timeNanos, long osThreadId, long javaThreadId, String threadName,
            long cpuNanos,
            long runDelayNanos, long timeslices, long voluntarySwitches, long involuntarySwitches,
            boolean carrier) {

        /** A platform thread that served requests (or Redis' event loop). */
        public SchedStat(long timeNanos, long osThreadId, long javaThreadId, String threadName, long cpuNanos,
                long runDelayNanos, long timeslices, long voluntarySwitches, long involuntarySwitches) {
            this(timeNanos, osThreadId, javaThreadId, threadName, cpuNanos, runDelayNanos, timeslices,
                    voluntarySwitches, involuntarySwitches, false);
        }
    }

    public enum WaitKind {
        /** ThreadPark under HikariCP's pool (ConcurrentBag / HikariPool). */
        PARK_POOL,
        /** ThreadPark under Lettuce (waiting for a Redis future). */
        PARK_REDIS, PARK_OTHER, MONITOR_ENTER, MONITOR_WAIT, SLEEP, SOCKET_READ, SOCKET_WRITE,
        /** A socket read or write under a JDBC driver (or the pool calling one): waiting for the database. */
        DATABASE_IO,
        /**
         * A socket write that cannot have waited for its peer: to this machine (a loopback address), of no more bytes
         * than the smallest send buffer a TCP socket has ({@link SocketPeer#MIN_SEND_BUFFER_BYTES}), so the kernel
         * copied it at once. Its time was the copy and a wait for a CPU: not a wait more threads could overlap.
         */
        LOCAL_WRITE
    }

    /**
     * A blocking JDK event (park, monitor, sleep, socket) on {@code thread}; {@code detail} names the object.
     * {@code ownerThreadId}: for a monitor enter, the Java thread id of the monitor's previous owner (the thread whose
     * exit let this one in, so the holder at the wait's end), -1 when the recording does not say.
     * {@code scheduledNanos}: how long after its start the wait was due to end by itself, -1 when it was not or that is
     * not known: a sleep's asked-for time; a timed park or monitor wait's timeout when it timed out (nothing woke it,
     * so it ended at its timeout unless something held it longer).
     */
    public record ThreadWait(ThreadRef thread, long startNanos, long endNanos, WaitKind kind, String detail,
            long ownerThreadId, long scheduledNanos) {
        public ThreadWait(ThreadRef thread, long startNanos, long endNanos, WaitKind kind, String detail) {
            this(thread, startNanos, endNanos, kind, detail, -1, -1);
        }

        public ThreadWait(ThreadRef thread, long startNanos, long endNanos, WaitKind kind, String detail,
                long ownerThreadId) {
            this(thread, startNanos, endNanos, kind, detail, ownerThreadId, -1);
        }
    }

    /**
     * One of async-profiler's wall-clock samples of a thread that was off the CPU (state {@code STATE_SLEEPING}):
     * {@code kind} is the wait its stack names (a monitor enter below the JDK's event threshold, a park, a sleep, a
     * socket read), null when the stack names none; {@code weight} is how many samples async-profiler folded into it.
     * {@code javaThreadId} is -1 when the recording does not say.
     */
    public record WallSample(long javaThreadId, long osThreadId, long timeNanos, long weight, WaitKind kind) {
    }

    /**
     * A JDK execution sample, or a native method sample inside Thread.yield; {@code yieldSpin} when the stack is
     * Thread.yield inside ConcurrentBag.requite.
     */
    public record CpuSample(ThreadRef thread, long timeNanos, boolean yieldSpin) {
    }

    public enum PauseKind {
        GC, SAFEPOINT
    }

    /** A stop-the-world interval: every Java thread stood still. */
    public record Pause(long startNanos, long endNanos, PauseKind kind, String name) {
    }

    public record GarbageCollection(long timeNanos, String name, long sumOfPausesNanos,
            long longestPauseNanos) {
    }

    public record CpuLoad(long timeNanos, double jvmUser, double jvmSystem, double machineTotal) {
    }

    /** Machine-wide, not per process (jdk.ThreadContextSwitchRate reads /proc/stat). */
    public record ContextSwitchRate(long timeNanos, double switchesPerSecond) {
    }

    public record ThreadCount(long timeNanos, long active, long daemon, long peak) {
    }

    public record HeapSummary(long timeNanos, long heapUsedBytes, boolean afterGc) {
    }

    /** {@code jdk.JVMInformation}: when the JVM started (epoch ms). */
    public record JvmStart(long timeNanos, long jvmStartEpochMillis) {
    }

    /**
     * A periodic footprint gauge: {@code jdk.ClassLoadingStatistics} (loaded classes), {@code jdk.GCHeapMemoryUsage}
     * (heap used, bytes) or {@code jdk.ResidentSetSize} (bytes).
     */
    public record Footprint(long timeNanos, FootprintKind kind, long value) {
    }

    public enum FootprintKind {
        CLASSES_LOADED, HEAP_USED, RSS
    }

    /**
     * A virtual thread that blocked while pinned to its carrier. {@code site}: the first frame of its stack outside the
     * JDK ("class.method"), where the application blocked; {@code reason}: the JDK's pinned reason (JDK 24+; "" before).
     */
    public record VirtualThreadPinned(ThreadRef thread, long startNanos, long endNanos, String site,
            String reason) {
        public VirtualThreadPinned(ThreadRef thread, long startNanos, long endNanos) {
            this(thread, startNanos, endNanos, "", "");
        }
    }

    /** {@code jdk.GCHeapConfiguration}: the maximum heap, in bytes. */
    public record HeapConfiguration(long timeNanos, long maxHeapBytes) {
    }

    /** {@code jdk.GCConfiguration}: the collectors' names as the JDK gives them ("G1New", "G1Old"). */
    public record GcConfiguration(long timeNanos, String youngCollector, String oldCollector) {
    }

    /**
     * {@code jdk.ObjectAllocationSample}: {@code weightBytes} allocated by its thread since its previous sample, the
     * last of them an {@code objectClass}; {@code site}: the first frame outside the JDK ("class.method").
     */
    public record AllocationSample(long timeNanos, String site, String objectClass, long weightBytes) {
    }

    public record AgentStatus(long timeNanos, long suppressedErrors, long droppedEvents, int trackedThreads) {
    }

    /**
     * Reactive stack: one r2dbc-pool acquire, subscription to delivery (a pending acquire, not a parked thread),
     * committed on the thread that ended it; tied to its request by {@code requestId} (empty when none).
     * {@code outcome}: {@code acquired}, {@code failed} or {@code cancelled}; the pool's state when it began.
     */
    public record R2dbcAcquire(ThreadRef thread, long startNanos, long endNanos, String pool,
            String requestId,
            String connectionId, String outcome, int acquired, int idle, int pending, int max) {
        public boolean success() {
            return R2dbcAcquireEvent.OUTCOME_ACQUIRED.equals(outcome);
        }
    }

    /** Reactive stack: one R2DBC connection from delivery to its return to the pool, tied to its request. */
    public record R2dbcHold(ThreadRef thread, long startNanos, long endNanos, String pool, String requestId,
            String connectionId) {
    }

    /**
     * One SQL statement execution (poolscope.Statement): {@code sql} normalised by the agent, {@code rows} -1 when not
     * known, {@code batchSize} 0 when not a batch. A JDBC execution ran on {@code thread} and has no {@code requestId}
     * (its request is its thread's); an R2DBC one carries its request's id and ended on {@code thread}.
     */
    public record Statement(ThreadRef thread, long startNanos, long endNanos, String sql, String kind,
            long rows,
            int batchSize, boolean success, String connectionId, String requestId) {
        /** R2DBC: tied to its request by id, not to the thread it ended on. */
        public boolean reactive() {
            return requestId != null && !requestId.isEmpty();
        }
    }

    /** Reactive stack: periodic r2dbc-pool gauge (reactor-pool's PoolMetrics). */
    public record R2dbcPoolGauge(long timeNanos, String pool, int acquired, int idle, int pending,
            int allocated,
            int max) {
    }

    /**
     * A Netty event-loop task ({@code kind} {@code io} or {@code task}) longer than the agent's threshold, on the loop
     * {@code thread}; {@code stack} is the loop's stack while the task still ran, top frame first, one per line, taken
     * {@code stackAfterNanos} into it (empty and -1 when the task ended first).
     */
    public record LoopStall(ThreadRef thread, long startNanos, long endNanos, String kind, String stack,
            long stackAfterNanos) {
    }

    /** What a stack sample is of: a thread on CPU (a JDK execution sample), or a thread parked or blocked on a monitor. */
    public enum StackKind {
        CPU, LOCK
    }

    /**
     * How a frame was running, as the JDK records it; {@code CLASS} is not a method but the class a lock event waited
     * on (its monitor or parked class), on top of the stack as flame graphs of locks show it.
     */
    public enum FrameKind {
        INTERPRETED, JIT_COMPILED, INLINED, NATIVE, C1_COMPILED, OTHER, CLASS;

        static FrameKind of(String jdkName) {
            return switch (jdkName) {
                case "Interpreted" -> INTERPRETED;
                case "JIT compiled" -> JIT_COMPILED;
                case "Inlined" -> INLINED;
                case "Native" -> NATIVE;
                case "C1 compiled" -> C1_COMPILED;
                default -> OTHER;
            };
        }
    }

    /**
     * A stack, top frame first: each frame as the recording names it ({@code java/lang/Thread.run}, a hidden class with
     * its address suffix) and how it ran. Equal by content, so stacks from different chunks merge.
     */
    public static final class Stack {
        private final String[] frames;
        private final FrameKind[] kinds;
        private final int hash;

        public Stack(String[] frames, FrameKind[] kinds) {
            this.frames = frames;
            this.kinds = kinds;
            this.hash = 31 * java.util.Arrays.hashCode(frames) + java.util.Arrays.hashCode(kinds);
        }

        public int size() {
            return frames.length;
        }

        public String frame(int i) {
            return frames[i];
        }

        public FrameKind kind(int i) {
            return kinds[i];
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Stack s && s.hash == hash && java.util.Arrays.equals(s.frames, frames)
                    && java.util.Arrays.equals(s.kinds, kinds);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** One stack-bearing JDK event of {@code kind} on a thread: what the JDK-recording flame graphs count. */
    public record StackSample(long javaThreadId, long timeNanos, StackKind kind, Stack stack) {
    }
}
