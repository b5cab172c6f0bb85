package dev.poolscope.agent.request;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Request counters for the live console line: completions, in-flight requests, and a latency histogram per
 * window (half-octave buckets in microseconds, so a p99 costs a 64-slot scan and no allocation per request).
 */
public final class RequestStats {
    static final int BUCKETS = 64;
    private static final LongAdder COMPLETED = new LongAdder();
    private static final AtomicInteger ACTIVE = new AtomicInteger();
    private static final AtomicLongArray[] WINDOWS = {new AtomicLongArray(BUCKETS),
            new AtomicLongArray(BUCKETS)};
    private static volatile int current;
    private static volatile boolean sawVirtualThread;
    private static volatile String lastServer = "unknown";
    // The JDK recording starts on the agent's starter thread while the host starts: a span that begins before
    // it runs may not be recorded, so it is counted (metadata.json, poolscope.AgentStatus) instead of lost unseen.
    private static volatile boolean recording;
    private static final LongAdder BEFORE_RECORDING = new LongAdder();

    private RequestStats() {
    }

    static void begin(boolean virtual) {
        ACTIVE.incrementAndGet();
        if (!recording) {
            BEFORE_RECORDING.increment();
        }
        if (virtual && !sawVirtualThread) {
            sawVirtualThread = true;
        }
    }

    static void end(long nanos) {
        ACTIVE.decrementAndGet();
        COMPLETED.increment();
        WINDOWS[current].incrementAndGet(bucketOf(nanos / 1000));
    }

    static int bucketOf(long micros) {
        if (micros <= 1) {
            return 0;
        }
        int log2 = 63 - Long.numberOfLeadingZeros(micros);
        // Second half of the octave when the bit below the top one is set.
        int half = log2 > 0 && (micros & (1L << (log2 - 1))) != 0 ? 1 : 0;
        return Math.min(BUCKETS - 1, log2 * 2 + half);
    }

    /** Upper bound of a bucket, in microseconds. */
    static long bucketUpperMicros(int bucket) {
        int log2 = bucket / 2;
        long base = 1L << log2;
        return bucket % 2 == 0 ? base + base / 2 : base * 2;
    }

    public static long completed() {
        return COMPLETED.sum();
    }

    public static int active() {
        return ACTIVE.get();
    }

    static void server(String server) {
        if (!server.equals(lastServer)) {
            lastServer = server;
        }
    }

    public static String lastServer() {
        return lastServer;
    }

    public static boolean sawVirtualThread() {
        return sawVirtualThread;
    }

    /** Whether the JDK recording runs; set by the agent when it starts (true) and before a new one (false, and the count starts again). */
    public static void recording(boolean running) {
        if (!running) {
            BEFORE_RECORDING.reset();
        }
        recording = running;
    }

    /** Request spans that began while the JDK recording was not running yet. */
    public static long beganBeforeRecording() {
        return BEFORE_RECORDING.sum();
    }

    /** Closes the current window and returns its p99 in microseconds, or -1 when it had no requests. */
    public static long rollWindowP99Micros() {
        int closed = current;
        current = 1 - closed;
        AtomicLongArray w = WINDOWS[closed];
        long[] counts = new long[BUCKETS];
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            counts[i] = w.getAndSet(i, 0);
            total += counts[i];
        }
        return p99(counts, total);
    }

    static long p99(long[] counts, long total) {
        if (total == 0) {
            return -1;
        }
        long rank = (long) Math.ceil(total * 0.99);
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return bucketUpperMicros(i);
            }
        }
        return bucketUpperMicros(counts.length - 1);
    }
}
