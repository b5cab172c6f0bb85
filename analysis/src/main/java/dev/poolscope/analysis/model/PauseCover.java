package dev.poolscope.analysis.model;

import java.util.Arrays;

/**
 * The stop-the-world pauses as disjoint sorted intervals with the paused time before each, so how much of any
 * interval the world stood still is two binary searches. GC phase pauses nest inside safepoints: overlapping pauses
 * count once. Memory is two longs a pause.
 */
final class PauseCover {
    private final long[] start;
    private final long[] end;
    /** Paused time before {@code start[i]}. */
    private final long[] before;
    private final int size;

    /** From the sealed pauses (in start order). */
    PauseCover(ThreadSpans pauses) {
        long[] s = new long[pauses.size()];
        long[] e = new long[pauses.size()];
        int n = 0;
        for (int i = 0; i < pauses.size(); i++) {
            long a = pauses.start(i);
            long b = pauses.end(i);
            if (b <= a) {
                continue;
            }
            if (n > 0 && a <= e[n - 1]) {
                e[n - 1] = Math.max(e[n - 1], b);
            } else {
                s[n] = a;
                e[n] = b;
                n++;
            }
        }
        this.size = n;
        this.start = Arrays.copyOf(s, n);
        this.end = Arrays.copyOf(e, n);
        this.before = new long[n];
        long sum = 0;
        for (int i = 0; i < n; i++) {
            before[i] = sum;
            sum += end[i] - start[i];
        }
    }

    /** Nanoseconds of [from, to) inside a pause. */
    long covered(long from, long to) {
        return to <= from ? 0 : pausedBefore(to) - pausedBefore(from);
    }

    /** Paused time before {@code t}. */
    private long pausedBefore(long t) {
        // The last pause starting before t.
        int i = SortedLongs.firstAtLeast(start, 0, size, t) - 1;
        if (i < 0) {
            return 0;
        }
        return before[i] + Math.min(t, end[i]) - start[i];
    }

    boolean isEmpty() {
        return size == 0;
    }
}
