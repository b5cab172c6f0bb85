package dev.poolscope.analysis.model;

import java.util.Arrays;

/** A growable long array: samples and durations without boxing. */
final class LongList {
    private long[] a = new long[16];
    private int size;

    void add(long v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, size * 2);
        }
        a[size++] = v;
    }

    void addAll(LongList other) {
        if (size + other.size > a.length) {
            a = Arrays.copyOf(a, Math.max(size + other.size, size * 2));
        }
        System.arraycopy(other.a, 0, a, size, other.size);
        size += other.size;
    }

    int size() {
        return size;
    }

    long get(int i) {
        return a[i];
    }

    void set(int i, long v) {
        a[i] = v;
    }

    /** Keeps the first {@code n} values. */
    void truncate(int n) {
        size = Math.min(size, n);
    }

    long[] toSortedArray() {
        long[] r = Arrays.copyOf(a, size);
        Arrays.sort(r);
        return r;
    }

    void sort() {
        Arrays.sort(a, 0, size);
    }

    /** Number of values in [from, to); the list must be sorted. */
    int countBetween(long from, long to) {
        return lowerBound(to) - lowerBound(from);
    }

    private int lowerBound(long t) {
        return SortedLongs.firstAtLeast(a, 0, size, t);
    }
}
