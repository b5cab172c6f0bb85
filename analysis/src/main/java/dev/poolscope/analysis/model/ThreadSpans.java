package dev.poolscope.analysis.model;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * One thread's intervals in parallel primitive arrays: a few dozen bytes each instead of an object per JDK event.
 * Filled in file order, then {@link #seal() sealed} into start order for window queries.
 */
final class ThreadSpans {
    // Small to start: a run on virtual threads has a thread, so one of these, per request.
    /**
     * In a kind byte, above the kind's ordinal: the interval was not yet due to end by itself, so a stop-the-world pause
     * inside it delayed nothing ({@link #pauseProof}).
     */
    private static final int PAUSE_PROOF = 0x40;
    private static final int KIND = PAUSE_PROOF - 1;
    private long[] start = new long[4];
    private long[] end = new long[4];
    private byte[] kind = new byte[4];
    private int[] label = new int[4];
    /** The Java thread id of a monitor's previous owner per interval (-1: not known); null until one is known. */
    private long[] owner;
    private int size;
    /** After seal: the latest end among intervals 0..i, non-decreasing, so the first that can reach t is found by bisection. */
    private long[] maxEnd = new long[0];

    void add(long s, long e, SpanKind k, int labelId) {
        add(s, e, k, labelId, -1);
    }

    /** {@code ownerThreadId}: for a monitor wait, the thread that held the monitor at its end; -1 when not known. */
    void add(long s, long e, SpanKind k, int labelId, long ownerThreadId) {
        add(s, e, k, labelId, ownerThreadId, false);
    }

    /** {@code pauseProof}: see {@link #pauseProof}. */
    void add(long s, long e, SpanKind k, int labelId, long ownerThreadId, boolean pauseProof) {
        if (size == start.length) {
            int n = size * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            kind = Arrays.copyOf(kind, n);
            label = Arrays.copyOf(label, n);
            if (owner != null) {
                owner = Arrays.copyOf(owner, n);
            }
        }
        if (ownerThreadId >= 0 && owner == null) {
            // Only threads that waited on a monitor with a known owner pay for the column.
            owner = new long[start.length];
            Arrays.fill(owner, 0, size, -1);
        }
        start[size] = s;
        end[size] = Math.max(s, e);
        kind[size] = (byte) (k.ordinal() | (pauseProof ? PAUSE_PROOF : 0));
        label[size] = labelId;
        if (owner != null) {
            owner[size] = ownerThreadId;
        }
        size++;
    }

    /** Appends the first {@code n} intervals of {@code other}, with its labels renumbered by {@code remap}. */
    void addAll(ThreadSpans other, int n, int[] remap) {
        addAll(other, n, remap, remap);
    }

    /** The same, statement intervals' labels renumbered by {@code statementRemap} ({@link StatementLabels}). */
    void addAll(ThreadSpans other, int n, int[] remap, int[] statementRemap) {
        for (int i = 0; i < n; i++) {
            int l = other.label[i];
            SpanKind k = other.kind(i);
            int[] r = k == SpanKind.STATEMENT ? statementRemap : remap;
            add(other.start[i], other.end[i], k, r == null ? l : r[l], other.owner(i), other.pauseProof(i));
        }
    }

    /** Appends the intervals of {@code other} that end at or after {@code from}, renumbered as {@link #addAll}. */
    void addEndingFrom(ThreadSpans other, long from, int[] remap, int[] statementRemap) {
        for (int i = 0; i < other.size; i++) {
            if (other.end[i] >= from) {
                int l = other.label[i];
                SpanKind k = other.kind(i);
                int[] r = k == SpanKind.STATEMENT ? statementRemap : remap;
                add(other.start[i], other.end[i], k, r == null ? l : r[l], other.owner(i),
                        other.pauseProof(i));
            }
        }
    }

    /**
     * Sorts into start order and drops exact duplicates (same start, end, kind and label: a recording written twice
     * over, whose copies a query would otherwise count once per copy).
     */
    void seal() {
        int[] order = dedupe(startOrder());
        // One new array at a time, trimmed to size: sealing millions of intervals must not double them all at once.
        start = permute(start, order);
        end = permute(end, order);
        byte[] k = new byte[order.length];
        int[] l = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            k[i] = kind[order[i]];
        }
        kind = k;
        for (int i = 0; i < order.length; i++) {
            l[i] = label[order[i]];
        }
        label = l;
        if (owner != null) {
            owner = permute(owner, order);
        }
        size = order.length;
        maxEnd = new long[size];
        long m = Long.MIN_VALUE;
        for (int i = 0; i < size; i++) {
            m = Math.max(m, end[i]);
            maxEnd[i] = m;
        }
    }

    /** The order without intervals equal to an earlier one: equal ones share a start, so they sit together. */
    private int[] dedupe(int[] order) {
        int n = 0;
        for (int i = 0; i < order.length; i++) {
            int x = order[i];
            boolean seen = false;
            for (int j = n - 1; j >= 0 && start[order[j]] == start[x]; j--) {
                int y = order[j];
                if (end[y] == end[x] && kind[y] == kind[x] && label[y] == label[x]) {
                    seen = true;
                    break;
                }
            }
            if (!seen) {
                order[n++] = x;
            }
        }
        return n == order.length ? order : Arrays.copyOf(order, n);
    }

    private static long[] permute(long[] a, int[] order) {
        long[] r = new long[order.length];
        for (int i = 0; i < order.length; i++) {
            r[i] = a[order[i]];
        }
        return r;
    }

    /**
     * Indices in start order (stable), by a bottom-up merge sort on ints: boxed indices cost 20 bytes each, and file
     * order is nearly start order, so runs that are already in order are only checked.
     */
    private int[] startOrder() {
        int[] a = new int[size];
        for (int i = 0; i < size; i++) {
            a[i] = i;
        }
        int[] b = new int[size];
        for (int width = 1; width < size; width *= 2) {
            for (int lo = 0; lo < size; lo += 2 * width) {
                int mid = Math.min(lo + width, size);
                int hi = Math.min(lo + 2 * width, size);
                if (mid >= hi || start[a[mid - 1]] <= start[a[mid]]) {
                    System.arraycopy(a, lo, b, lo, hi - lo);
                    continue;
                }
                int i = lo;
                int j = mid;
                for (int k = lo; k < hi; k++) {
                    b[k] = j >= hi || (i < mid && start[a[i]] <= start[a[j]]) ? a[i++] : a[j++];
                }
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
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
        return SortedLongs.firstAbove(maxEnd, 0, size, t);
    }

    long start(int i) {
        return start[i];
    }

    long end(int i) {
        return end[i];
    }

    SpanKind kind(int i) {
        return SpanKind.ALL[kind[i] & KIND];
    }

    /**
     * Whether a stop-the-world pause inside interval {@code i} delayed nothing: it was a wait not yet due to end by
     * itself (a sleep before the time it asked for, a timed wait that timed out before its timeout), whose clock runs
     * through a pause.
     */
    boolean pauseProof(int i) {
        return (kind[i] & PAUSE_PROOF) != 0;
    }

    int label(int i) {
        return label[i];
    }

    /** The monitor's previous owner for a monitor wait, else -1. */
    long owner(int i) {
        return owner == null ? -1 : owner[i];
    }

    int size() {
        return size;
    }
}
