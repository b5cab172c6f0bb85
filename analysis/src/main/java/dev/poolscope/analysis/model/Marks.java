package dev.poolscope.analysis.model;

import java.util.Arrays;

/**
 * The starts and ends of the intervals inside one window, as {time, +1 or -1, cause}, in time order with ends before
 * starts at equal times. Reused from window to window: primitive arrays, no object per mark.
 */
final class Marks {
    private long[] time = new long[64];
    private byte[] delta = new byte[64];
    private byte[] cause = new byte[64];
    private int[] order = new int[64];
    private int[] tmp = new int[64];
    private int size;

    void clear() {
        size = 0;
    }

    /** The interval [start, end) of {@code c}. */
    void interval(long start, long end, Cause c) {
        interval(start, end, c.ordinal());
    }

    /** The interval [start, end) of slot {@code c}: a cause's ordinal, or a marker of the caller's past them. */
    void interval(long start, long end, int c) {
        add(start, 1, c);
        add(end, -1, c);
    }

    private void add(long t, int d, int c) {
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            delta = Arrays.copyOf(delta, n);
            cause = Arrays.copyOf(cause, n);
            order = new int[n];
            tmp = new int[n];
        }
        time[size] = t;
        delta[size] = (byte) d;
        cause[size] = (byte) c;
        size++;
    }

    int size() {
        return size;
    }

    /** Sorts; then {@link #time(int)} and the others read the i-th mark in order. */
    void sort() {
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        if (size <= 32) {
            for (int i = 1; i < size; i++) {
                int x = order[i];
                int j = i - 1;
                while (j >= 0 && after(order[j], x)) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = x;
            }
        } else {
            mergeSort(0, size);
        }
    }

    private boolean after(int a, int b) {
        return time[a] != time[b] ? time[a] > time[b] : delta[a] > delta[b];
    }

    private void mergeSort(int from, int to) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(from, mid);
        mergeSort(mid, to);
        if (!after(order[mid - 1], order[mid])) {
            return;
        }
        System.arraycopy(order, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            order[k] = j >= to || i < mid && !after(tmp[i], tmp[j]) ? tmp[i++] : tmp[j++];
        }
    }

    long time(int i) {
        return time[order[i]];
    }

    int delta(int i) {
        return delta[order[i]];
    }

    int cause(int i) {
        return cause[order[i]];
    }
}
