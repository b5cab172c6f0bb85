package dev.poolscope.analysis.model;

import java.util.Arrays;

/**
 * Which requests the full pass keeps when the measured window holds more than the cap: every {@code every}-th of
 * the window's requests in file order, so the kept ones spread over the whole window. Filled by two cheap passes over
 * the poolscope.Request events alone (the first counts, the second notes each chosen request's thread, start and end),
 * it then tells the full pass which requests to keep and which intervals can overlap one of them.
 */
final class RequestSample {
    private final int cap;
    private int pass;
    private long counted;
    private long every = 1;
    private long index;
    private boolean active;

    /**
     * The longest requests of the window (thread, start, end, length), found by the first pass: kept beside the sample
     * for the slowest-request profiles only, so those are the window's slowest and not the sample's.
     */
    private final long[][] longest;
    private int longestCount;

    /** Filled by the second pass, then dropped once sealed. */
    private LongList chosenThreads = new LongList();
    private LongList chosenStarts = new LongList();
    private LongList chosenEnds = new LongList();
    private LongList idHashes = new LongList();

    /**
     * The chosen requests in flat arrays sorted by thread, start and end (32 bytes each, however many threads: a run on
     * virtual threads has one per request), with the running maximum of ends within each thread for overlap tests.
     */
    private long[] thread = new long[0];
    private long[] start = new long[0];
    private long[] end = new long[0];
    private long[] maxEnd = new long[0];
    /** The same over the sampled requests alone (the longest kept beside them left out). */
    private long[] maxEndSampled = new long[0];
    /** False for the longest requests added beside the sample. */
    private boolean[] sampled = new boolean[0];
    private long[] ids = new long[0];

    /** The last thread asked and its range [lo, hi): a thread's events come in runs, in time order. */
    private long lastThread;
    private int lo;
    private int hi = -1;
    private int cursor = -1;

    /** {@code longest}: how many of the window's longest requests to keep beside the sample. */
    RequestSample(int cap, int longest) {
        this.cap = cap;
        this.longest = new long[longest][];
    }

    /** The stride for {@code counted} requests under {@code cap}: 1 when they fit. */
    static long every(long counted, int cap) {
        return counted <= cap ? 1 : (counted + cap - 1) / cap;
    }

    /** Whether one more request-only pass is wanted: the count, then (past the cap) the choice. */
    boolean wantsPass() {
        return pass == 0 || (pass == 1 && every > 1);
    }

    /** One request of the window (warm-up and outside requests already left out) in the current pass. */
    void request(long threadId, long startNanos, long endNanos, String requestId) {
        if (pass == 0) {
            counted++;
            longest(threadId, startNanos, endNanos);
            return;
        }
        if (index++ % every == 0) {
            chosenThreads.add(threadId);
            chosenStarts.add(startNanos);
            chosenEnds.add(endNanos);
            if (requestId != null && !requestId.isEmpty()) {
                idHashes.add(hash(requestId));
            }
        }
    }

    /** Keeps the longest requests seen, replacing the shortest of them (the first of equals). */
    private void longest(long threadId, long startNanos, long endNanos) {
        long length = endNanos - startNanos;
        if (longest.length == 0) {
            return;
        }
        if (longestCount < longest.length) {
            longest[longestCount++] = new long[]{threadId, startNanos, endNanos, length};
            return;
        }
        int min = 0;
        for (int i = 1; i < longest.length; i++) {
            if (longest[i][3] < longest[min][3]) {
                min = i;
            }
        }
        if (length > longest[min][3]) {
            longest[min] = new long[]{threadId, startNanos, endNanos, length};
        }
    }

    void endPass() {
        if (pass == 0) {
            every = every(counted, cap);
        } else if (pass == 1) {
            seal();
            active = true;
        }
        pass++;
    }

    private void seal() {
        int chosen = chosenThreads.size();
        for (int i = 0; i < longestCount; i++) {
            chosenThreads.add(longest[i][0]);
            chosenStarts.add(longest[i][1]);
            chosenEnds.add(longest[i][2]);
        }
        int n = chosenThreads.size();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        mergeSort(order, new int[n], 0, n);
        thread = new long[n];
        start = new long[n];
        end = new long[n];
        maxEnd = new long[n];
        maxEndSampled = new long[n];
        sampled = new boolean[n];
        for (int i = 0; i < n; i++) {
            sampled[i] = order[i] < chosen;
            thread[i] = chosenThreads.get(order[i]);
            start[i] = chosenStarts.get(order[i]);
            end[i] = chosenEnds.get(order[i]);
            boolean sameThread = i > 0 && thread[i - 1] == thread[i];
            maxEnd[i] = sameThread ? Math.max(maxEnd[i - 1], end[i]) : end[i];
            long own = sampled[i] ? end[i] : Long.MIN_VALUE;
            maxEndSampled[i] = sameThread ? Math.max(maxEndSampled[i - 1], own) : own;
        }
        ids = idHashes.toSortedArray();
        chosenThreads = null;
        chosenStarts = null;
        chosenEnds = null;
        idHashes = null;
    }

    private int compare(int a, int b) {
        int c = Long.compare(chosenThreads.get(a), chosenThreads.get(b));
        if (c == 0) {
            c = Long.compare(chosenStarts.get(a), chosenStarts.get(b));
        }
        return c != 0 ? c : Long.compare(chosenEnds.get(a), chosenEnds.get(b));
    }

    /** Stable merge sort of indices: no boxing for a million of them. */
    private void mergeSort(int[] a, int[] tmp, int from, int to) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, tmp, from, mid);
        mergeSort(a, tmp, mid, to);
        if (compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            if (j >= to || i < mid && compare(tmp[i], tmp[j]) <= 0) {
                a[k] = tmp[i++];
            } else {
                a[k] = tmp[j++];
            }
        }
    }

    /** True once the choice is made: the full pass then keeps the chosen requests only. */
    boolean active() {
        return active;
    }

    long every() {
        return every;
    }

    /** The window's requests the first pass counted. */
    long counted() {
        return counted;
    }

    boolean chosen(long threadId, long startNanos, long endNanos) {
        return find(threadId, startNanos, endNanos, true);
    }

    /** One of the window's longest requests that the sample did not choose: kept for the slowest-request profiles. */
    boolean longestOnly(long threadId, long startNanos, long endNanos) {
        return !find(threadId, startNanos, endNanos, true) && find(threadId, startNanos, endNanos, false);
    }

    private boolean find(long threadId, long startNanos, long endNanos, boolean inSample) {
        if (!select(threadId)) {
            return false;
        }
        for (int i = lastStartingBy(startNanos); i >= lo && start[i] == startNanos; i--) {
            if (end[i] == endNanos && sampled[i] == inSample) {
                return true;
            }
        }
        return false;
    }

    /** Whether [start, end] on the thread overlaps a chosen request of that thread (touching counts). */
    boolean overlapsChosen(long threadId, long startNanos, long endNanos) {
        if (!select(threadId)) {
            return false;
        }
        int i = lastStartingBy(endNanos);
        return i >= lo && maxEnd[i] >= startNanos;
    }

    /** Whether [start, end] on the thread overlaps a sampled request (not one only kept for being long). */
    boolean overlapsSampled(long threadId, long startNanos, long endNanos) {
        if (!select(threadId)) {
            return false;
        }
        int i = lastStartingBy(endNanos);
        return i >= lo && maxEndSampled[i] >= startNanos;
    }

    /** Whether a reactive interval tagged with this request id may belong to a chosen request. */
    boolean chosenId(String requestId) {
        return requestId != null && Arrays.binarySearch(ids, hash(requestId)) >= 0;
    }

    /** Points [lo, hi) at the thread's chosen requests; false when it has none. */
    private boolean select(long threadId) {
        if (threadId != lastThread || hi < 0) {
            lastThread = threadId;
            lo = firstIndex(threadId);
            hi = firstIndex(threadId + 1);
            if (threadId == Long.MAX_VALUE) {
                hi = thread.length;
            }
            cursor = -1;
        }
        return hi > lo;
    }

    private int firstIndex(long threadId) {
        return SortedLongs.firstAtLeast(thread, 0, thread.length, threadId);
    }

    /** Index of the thread's last request starting at or before {@code t}, or lo - 1. */
    private int lastStartingBy(long t) {
        int c = cursor;
        if (c >= lo && c < hi && start[c] <= t && (c + 1 == hi || start[c + 1] > t)) {
            return c;
        }
        cursor = SortedLongs.firstAbove(start, lo, hi, t) - 1;
        return cursor;
    }

    /** 64 bits of the id: a collision only keeps an interval more, never one less. */
    private static long hash(String s) {
        long h = 1125899906842597L;
        for (int i = 0; i < s.length(); i++) {
            h = 31 * h + s.charAt(i);
        }
        return h ^ (h >>> 29);
    }
}
