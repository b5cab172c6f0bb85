package dev.poolscope.analysis.model;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * One thread's intervals in parallel primitive arrays: a few dozen bytes each instead of an object per JDK event.
 * Filled in file order, then {@link #seal() sealed} into start order for window queries.
 */
final class ThreadSpans {
    private long[] start = new long[16];
    private long[] end = new long[16];
    private byte[] kind = new byte[16];
    private int[] label = new int[16];
    private int size;
    /** After seal: the latest end among intervals 0..i, non-decreasing, so the first that can reach t is found by bisection. */
    private long[] maxEnd = new long[0];

    void add(long s, long e, SpanKind k, int labelId) {
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            kind = Arrays.copyOf(kind, n);
            label = Arrays.copyOf(label, n);
        }
        start[size] = s;
        end[size] = Math.max(s, e);
        kind[size] = (byte) k.ordinal();
        label[size] = labelId;
        size++;
    }

    void seal() {
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(start[a], start[b]));
        long[] s = new long[size];
        long[] e = new long[size];
        byte[] k = new byte[size];
        int[] l = new int[size];
        for (int i = 0; i < size; i++) {
            s[i] = start[order[i]];
            e[i] = end[order[i]];
            k[i] = kind[order[i]];
            l[i] = label[order[i]];
        }
        start = s;
        end = e;
        kind = k;
        label = l;
        maxEnd = new long[size];
        long m = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            m = Math.max(m, e[i]);
            maxEnd[i] = m;
        }
    }

    /** Calls {@code each} with the index of every interval overlapping [from, to), in start order. */
    void overlapping(long from, long to, IntConsumer each) {
        // Not start - longest interval: one long idle park would make every query scan seconds of intervals.
        int i = firstEndingAfter(from);
        for (; i < size && start[i] < to; i++) {
            if (end[i] > from) {
                each.accept(i);
            }
        }
    }

    private int firstEndingAfter(long t) {
        if (maxEnd.length != size) {
            return 0; // not sealed: scan all
        }
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (maxEnd[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    long start(int i) {
        return start[i];
    }

    long end(int i) {
        return end[i];
    }

    SpanKind kind(int i) {
        return SpanKind.ALL[kind[i]];
    }

    int label(int i) {
        return label[i];
    }

    int size() {
        return size;
    }
}
