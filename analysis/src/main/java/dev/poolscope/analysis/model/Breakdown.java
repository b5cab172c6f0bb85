package dev.poolscope.analysis.model;

import java.util.Arrays;

/** Nanoseconds per {@link Cause} for one window; the parts add up to the window's length. */
public final class Breakdown {
    private final long[] nanos = new long[Cause.ALL.length];

    public long nanos(Cause c) {
        return nanos[c.ordinal()];
    }

    public double millis(Cause c) {
        return nanos[c.ordinal()] / 1e6;
    }

    public long totalNanos() {
        return Arrays.stream(nanos).sum();
    }

    void add(Cause c, long n) {
        nanos[c.ordinal()] += n;
    }

    void addAll(Breakdown other) {
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] += other.nanos[i];
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
