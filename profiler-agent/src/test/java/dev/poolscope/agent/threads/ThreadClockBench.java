package dev.poolscope.agent.threads;

import java.util.Locale;

/**
 * What the per-request reads cost: one {@link ThreadClock#start()} and {@link ThreadClock#stop()} pair (two thread
 * CPU clock reads and two schedstat reads) against an empty loop, in alternating rounds on one thread, and the bytes
 * a pair allocates. Not a test:
 * {@code java -cp profiler-agent/target/classes:profiler-agent/target/test-classes
 * dev.poolscope.agent.threads.ThreadClockBench [rounds] [pairs per round]}.
 */
public final class ThreadClockBench {
    private ThreadClockBench() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int pairs = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        ThreadClock clock = ThreadClock.ofCurrentThread();
        long sink = 0;
        double[] perPair = new double[rounds];
        double[] empty = new double[rounds];
        double[] cpuPerPair = new double[rounds];
        var cpuClock = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int r = -2; r < rounds; r++) {
            long c0 = cpuClock.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int i = 0; i < pairs; i++) {
                clock.start();
                clock.stop();
                sink += clock.cpuNanos() + clock.runDelayNanos();
            }
            long t1 = System.nanoTime();
            long c1 = cpuClock.getCurrentThreadCpuTime();
            for (int i = 0; i < pairs; i++) {
                sink += System.nanoTime() & 1;
            }
            long t2 = System.nanoTime();
            if (r >= 0) {
                perPair[r] = (t1 - t0) / (double) pairs;
                cpuPerPair[r] = (c1 - c0) / (double) pairs;
                empty[r] = (t2 - t1) / (double) pairs;
            }
        }
        var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long allocatedBefore = mx.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < pairs; i++) {
            clock.start();
            clock.stop();
        }
        double bytesPerPair = (mx.getCurrentThreadAllocatedBytes() - allocatedBefore) / (double) pairs;
        java.util.Arrays.sort(perPair);
        java.util.Arrays.sort(cpuPerPair);
        java.util.Arrays.sort(empty);
        System.out.printf(Locale.ROOT,
                "start+stop pair: CPU median %.0f ns (min %.0f, max %.0f); wall median %.0f ns, min %.0f, max %.0f"
                        + " (baseline loop median %.0f ns) over %d"
                        + " rounds of %d; %.3f bytes allocated per pair; cpu %d ns and run delay %d ns in the last"
                        + " pair (%d)%n",
                cpuPerPair[rounds / 2], cpuPerPair[0], cpuPerPair[rounds - 1], perPair[rounds / 2],
                perPair[0],
                perPair[rounds - 1], empty[rounds / 2], rounds, pairs,
                bytesPerPair, clock.cpuNanos(), clock.runDelayNanos(), sink & 1);
    }
}
