package dev.poolscope.analysis.model;

import java.util.Arrays;

/**
 * Nanoseconds per {@link Cause} for one window; the parts add up to the window's length. Of each cause, the part
 * named from async-profiler's wall samples ({@link #sampledNanos}) is an estimate, included in {@link #nanos}.
 */
public final class Breakdown {
    private final long[] nanos = new long[Cause.ALL.length];
    private final long[] sampled = new long[Cause.ALL.length];

    public long nanos(Cause c) {
        return nanos[c.ordinal()];
    }

    public double millis(Cause c) {
        return nanos[c.ordinal()] / 1e6;
    }

    /**
     * The part of {@link #nanos} that was time no event covered and the thread was neither on the CPU nor runnable,
     * named by the wall samples of the thread in it, in proportion to their count: an estimate.
     */
    public long sampledNanos(Cause c) {
        return sampled[c.ordinal()];
    }

    public double sampledMillis(Cause c) {
        return sampled[c.ordinal()] / 1e6;
    }

    public long totalSampledNanos() {
        return Arrays.stream(sampled).sum();
    }

    public long totalNanos() {
        return Arrays.stream(nanos).sum();
    }

    void add(Cause c, long n) {
        nanos[c.ordinal()] += n;
    }

    void addSampled(Cause c, long n) {
        nanos[c.ordinal()] += n;
        sampled[c.ordinal()] += n;
    }

    void addAll(Breakdown other) {
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] += other.nanos[i];
            sampled[i] += other.sampled[i];
        }
    }

    /** The largest cause; UNEXPLAINED when nothing was attributed. */
    public Cause dominant() {
        int best = Cause.UNEXPLAINED.ordinal();
        for (int i = 0; i < nanos.length; i++) {
            if (nanos[i] > nanos[best]) {
                best = i;
            }
        }
        return Cause.ALL[best];
    }
}
