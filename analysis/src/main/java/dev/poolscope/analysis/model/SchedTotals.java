package dev.poolscope.analysis.model;

/**
 * Summed schedstat deltas over a group of threads (the request-serving workers, or Lettuce's event loop), over each
 * thread's sampled span. {@code threads} is 0 when the agent recorded no schedstat (not Linux, or disabled).
 */
public record SchedTotals(int threads, long cpuNanos, long runDelayNanos, long voluntarySwitches,
        long involuntarySwitches, long spanNanos, String names) {

    /** {@code groups} as one group named {@code names} (several instances' workers, or their carriers). */
    static SchedTotals sum(java.util.List<SchedTotals> groups, String names) {
        int threads = 0;
        long cpu = 0;
        long delay = 0;
        long vol = 0;
        long invol = 0;
        long span = 0;
        for (SchedTotals g : groups) {
            threads += g.threads;
            cpu += g.cpuNanos;
            delay += g.runDelayNanos;
            vol += g.voluntarySwitches;
            invol += g.involuntarySwitches;
            span += g.spanNanos;
        }
        return new SchedTotals(threads, cpu, delay, vol, invol, span, names);
    }

    /** Run delay per second of wall clock, summed over the group's threads (seconds of waiting per second). */
    public double runDelayPerSecond() {
        long perThreadSpan = threads == 0 ? 0 : spanNanos / threads;
        return perThreadSpan == 0 ? 0 : (double) runDelayNanos / perThreadSpan;
    }

    /** Run delay as a share of the threads' sampled time: how much of all their time they waited for a CPU. */
    public double waitingShare() {
        return spanNanos == 0 ? 0 : (double) runDelayNanos / spanNanos;
    }

    /** Run delay as a share of (CPU + run delay): how much of the time the threads wanted a CPU they waited. */
    public double runDelayShare() {
        long sum = cpuNanos + runDelayNanos;
        return sum == 0 ? 0 : (double) runDelayNanos / sum;
    }
}
