package dev.poolscope.app.workload;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** CPU work the JIT cannot fold away: each step depends on the last (xorshift). */
public final class Spin {

    private Spin() {
    }

    public static long run(long iterations) {
        long x = 0x9E3779B97F4A7C15L;
        for (long i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /**
     * Computes until this thread has used {@code ms} of CPU time: a fixed amount of work whatever the CPUs' speed, and
     * none of it counted while the thread waits to be scheduled. Falls back to wall time where the JVM cannot read a
     * thread's CPU time.
     */
    public static long forCpuMillis(long ms) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpu = threads.isCurrentThreadCpuTimeSupported();
        long until = (cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime()) + ms * 1_000_000L;
        long x = 0;
        while ((cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime()) < until) {
            x += run(20_000);
        }
        return x;
    }
}
