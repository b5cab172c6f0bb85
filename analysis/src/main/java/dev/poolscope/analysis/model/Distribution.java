package dev.poolscope.analysis.model;

import java.util.Arrays;

/** Nearest-rank percentiles in milliseconds (exact from values, within 0.4 % from a {@link DurationHistogram}); all zero (and count 0) for no values. */
public record Distribution(long count, double p50Ms, double p95Ms, double p99Ms, double maxMs,
        double meanMs) {

    public static final Distribution EMPTY = new Distribution(0, 0, 0, 0, 0, 0);

    public static Distribution ofNanos(long[] values) {
        if (values.length == 0) {
            return EMPTY;
        }
        long[] v = Arrays.copyOf(values, values.length);
        Arrays.sort(v);
        double sum = 0;
        for (long x : v) {
            sum += x;
        }
        return new Distribution(v.length, rank(v, 0.50) / 1e6, rank(v, 0.95) / 1e6, rank(v, 0.99) / 1e6,
                v[v.length - 1] / 1e6, sum / v.length / 1e6);
    }

    /** From a histogram: percentiles within 1/256 of the exact nearest-rank ones (see {@link DurationHistogram}). */
    static Distribution of(DurationHistogram h) {
        if (h.count() == 0) {
            return EMPTY;
        }
        return new Distribution(h.count(), h.percentile(0.50) / 1e6, h.percentile(0.95) / 1e6,
                h.percentile(0.99) / 1e6, h.max() / 1e6, h.mean() / 1e6);
    }

    private static long rank(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
