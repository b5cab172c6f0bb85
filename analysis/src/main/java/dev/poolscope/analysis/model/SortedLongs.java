package dev.poolscope.analysis.model;

/** Binary searches over a sorted range of a {@code long[]}: the model's interval, time and id lookups share them. */
final class SortedLongs {
    private SortedLongs() {
    }

    /** The first index in [from, to) whose value is at least {@code t}; {@code to} when none is. */
    static int firstAtLeast(long[] a, int from, int to, long t) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The first index in [from, to) whose value is above {@code t}; {@code to} when none is. */
    static int firstAbove(long[] a, int from, int to, long t) {
        return t == Long.MAX_VALUE ? to : firstAtLeast(a, from, to, t + 1);
    }
}
