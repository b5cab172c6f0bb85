package dev.poolscope.analysis.model;

/**
 * Durations in nanoseconds counted into fixed log-linear buckets, so a distribution over millions of events takes at
 * most 58 KB instead of eight bytes per event: each power of two's buckets are allocated when the first duration falls
 * in it, so the usual few powers of two take a few KB (a read keeps one set of histograms per time segment: {@link
 * Segments}).
 *
 * <p>
 * Values below 256 ns each have their own bucket. Above, every power of two [2^k, 2^(k+1)) is cut into 128 buckets of
 * width 2^(k-7), so a bucket is at most 1/128 of its lower edge wide. A percentile is read as the middle of the bucket
 * holding the nearest-rank value, clamped to the exact minimum and maximum: it is within 1/256 (0.4 %) of the exact
 * nearest-rank value. Count, sum (so the mean), minimum and maximum are exact.
 *
 * <p>
 * Our own class rather than HdrHistogram: the bucketing is a few lines, and the analysis needs only add and
 * nearest-rank reads, not HdrHistogram's auto-resizing, recording intervals or serialization.
 */
final class DurationHistogram {
    /** log2 of the buckets per power of two. */
    static final int PRECISION_BITS = 7;
    static final int SUB_BUCKETS = 1 << PRECISION_BITS;
    /** Shift 0 covers [0, 2 * SUB_BUCKETS); shifts 1..56 cover the rest of the non-negative longs. */
    static final int BUCKETS = (64 - PRECISION_BITS) * SUB_BUCKETS;

    /** One page per power of two (the first also holds the exact values below 256 ns), null until used. */
    private final long[][] pages = new long[BUCKETS / SUB_BUCKETS][];
    private long count;
    private long sum;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    /** Adds one duration; a negative one (clock skew between the two timestamps) counts as 0. */
    void add(long nanos) {
        long v = Math.max(0, nanos);
        int i = index(v);
        page(i / SUB_BUCKETS)[i % SUB_BUCKETS]++;
        count++;
        sum += v;
        min = Math.min(min, v);
        max = Math.max(max, v);
    }

    static int index(long v) {
        int shift = Math.max(0, 63 - Long.numberOfLeadingZeros(v) - PRECISION_BITS);
        return shift * SUB_BUCKETS + (int) (v >>> shift);
    }

    private long[] page(int p) {
        long[] page = pages[p];
        if (page == null) {
            page = new long[SUB_BUCKETS];
            pages[p] = page;
        }
        return page;
    }

    /** Smallest value in bucket {@code i}. */
    static long lowerEdge(int i) {
        int shift = Math.max(0, i / SUB_BUCKETS - 1);
        long sub = i - (long) shift * SUB_BUCKETS;
        return sub << shift;
    }

    /** Largest value in bucket {@code i}. */
    static long upperEdge(int i) {
        int shift = Math.max(0, i / SUB_BUCKETS - 1);
        return lowerEdge(i) + (1L << shift) - 1;
    }

    /** Adds every duration {@code other} counted. */
    void addAll(DurationHistogram other) {
        for (int p = 0; p < pages.length; p++) {
            long[] from = other.pages[p];
            if (from != null) {
                long[] to = page(p);
                for (int i = 0; i < SUB_BUCKETS; i++) {
                    to[i] += from[i];
                }
            }
        }
        count += other.count;
        sum += other.sum;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
    }

    long count() {
        return count;
    }

    /** Every duration added, exactly. */
    long sum() {
        return sum;
    }

    long min() {
        return count == 0 ? 0 : min;
    }

    long max() {
        return count == 0 ? 0 : max;
    }

    double mean() {
        return count == 0 ? 0 : (double) sum / count;
    }

    /** The nearest-rank {@code p}-quantile (0 &lt; p &lt;= 1), within 1/256 of the exact one; 0 when empty. */
    long percentile(double p) {
        if (count == 0) {
            return 0;
        }
        long rank = Math.max(1, Math.min(count, (long) Math.ceil(p * count)));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            long[] page = pages[i / SUB_BUCKETS];
            if (page == null) {
                i += SUB_BUCKETS - 1;
                continue;
            }
            seen += page[i % SUB_BUCKETS];
            if (seen >= rank) {
                long lo = lowerEdge(i);
                long mid = lo + (upperEdge(i) - lo) / 2;
                return Math.max(min, Math.min(max, mid));
            }
        }
        return max;
    }
}
