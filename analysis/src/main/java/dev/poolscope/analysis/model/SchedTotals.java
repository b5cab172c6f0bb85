package dev.poolscope.analysis.model;

/**
 * Summed schedstat deltas over a group of threads (the request-serving workers, or Lettuce's event loop), over each
 * thread's sampled span. {@code threads} is 0 when the agent recorded no schedstat (not Linux, or disabled).
 */
public record SchedTotals(int threads, long cpuNanos, long runDelayNanos, long voluntarySwitches,
        long involuntarySwitches, long spanNanos, String names) {

    /** Run delay per second of wall clock, summed over the group's threads (seconds of waiting per second). */
    public double runDelayPerSecond() {
        long perThreadSpan = threads == 0 ? 0 : spanNanos / threads;
        return perThreadSpan == 0 ? 0 : (double) runDelayNanos / perThreadSpan;
    }

    /** Run delay as a share of (CPU + run delay): how much of the time the threads wanted a CPU they waited. */
    public double runDelayShare() {
        long sum = cpuNanos + runDelayNanos;
        return sum == 0 ? 0 : (double) runDelayNanos / sum;
    }
}
