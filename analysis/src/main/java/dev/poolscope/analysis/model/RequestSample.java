package dev.poolscope.analysis.model;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import dev.poolscope.analysis.recording.jfr.LongMap;

/**
 * Which requests the full pass keeps when the measured window holds more than the cap: every {@code every}-th of the
 * window's requests in file order, {@code every} the smallest power of two that keeps at most the cap, so the kept
 * ones spread over the whole window. Made by one cheap pass over the poolscope.Request events alone ({@link CountingPass},
 * fed chunk by chunk and joined in file order; when a chunk holds more requests than it may note, a second pass
 * chooses with the stride the first one counted: {@link ChoosingPass}); then immutable, it tells the full pass which
 * requests to keep and which intervals can overlap one of them, through a {@link Lookup} per reading thread.
 */
final class RequestSample {
    private final long counted;
    private final long every;
    private final boolean active;
    /**
     * The chosen requests in flat arrays sorted by thread, start and end (32 bytes each, however many threads: a run on
     * virtual threads has one per request), with the running maximum of ends within each thread for overlap tests.
     */
    private final long[] thread;
    private final long[] start;
    private final long[] end;
    private final long[] maxEnd;
    /** The same over the sampled requests alone (the longest kept beside them left out). */
    private final long[] maxEndSampled;
    /** False for the longest requests added beside the sample. */
    private final boolean[] sampled;
    private final long[] ids;

    private RequestSample(long counted, long every, boolean active, long[] thread, long[] start, long[] end,
            long[] maxEnd, long[] maxEndSampled, boolean[] sampled, long[] ids) {
        this.counted = counted;
        this.every = every;
        this.active = active;
        this.thread = thread;
        this.start = start;
        this.end = end;
        this.maxEnd = maxEnd;
        this.maxEndSampled = maxEndSampled;
        this.sampled = sampled;
        this.ids = ids;
    }

    /** No sample: every request of the window is kept. */
    static RequestSample all(long counted) {
        long[] none = new long[0];
        return new RequestSample(counted, 1, false, none, none, none, none, none, new boolean[0], none);
    }

    /**
     * The stride for {@code counted} requests under {@code cap}: the smallest power of two that keeps at most the cap
     * (1 when they fit). A power of two, so that one pass can choose without knowing the count: each time the
     * requests chosen so far pass the cap the stride doubles, and every other one goes.
     */
    static long every(long counted, int cap) {
        long k = 1;
        while ((counted + k - 1) / k > cap) {
            k *= 2;
        }
        return k;
    }

    /** The sample of the {@code chosen} requests, with the window's longest requests kept beside it. */
    static RequestSample of(long counted, long every, NotedRequests chosen, List<long[]> longest) {
        LongList threads = new LongList();
        LongList starts = new LongList();
        LongList ends = new LongList();
        LongList idHashes = new LongList();
        for (int i = 0; i < chosen.size(); i++) {
            threads.add(chosen.threads.get(i));
            starts.add(chosen.starts.get(i));
            ends.add(chosen.ends.get(i));
            if (chosen.hasIds.get(i) != 0) {
                idHashes.add(chosen.idHashes.get(i));
            }
        }
        int inSample = threads.size();
        for (long[] l : longest) {
            threads.add(l[0]);
            starts.add(l[1]);
            ends.add(l[2]);
        }
        int n = threads.size();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        // Stable: equal requests keep their order, the sampled ones first.
        Arrays.sort(order, Comparator.<Integer>comparingLong(threads::get).thenComparingLong(starts::get)
                .thenComparingLong(ends::get));
        long[] thread = new long[n];
        long[] start = new long[n];
        long[] end = new long[n];
        long[] maxEnd = new long[n];
        long[] maxEndSampled = new long[n];
        boolean[] sampled = new boolean[n];
        for (int i = 0; i < n; i++) {
            int o = order[i];
            sampled[i] = o < inSample;
            thread[i] = threads.get(o);
            start[i] = starts.get(o);
            end[i] = ends.get(o);
            boolean sameThread = i > 0 && thread[i - 1] == thread[i];
            maxEnd[i] = sameThread ? Math.max(maxEnd[i - 1], end[i]) : end[i];
            long own = sampled[i] ? end[i] : Long.MIN_VALUE;
            maxEndSampled[i] = sameThread ? Math.max(maxEndSampled[i - 1], own) : own;
        }
        return new RequestSample(counted, every, true, thread, start, end, maxEnd, maxEndSampled, sampled,
                idHashes.toSortedArray());
    }

    Lookup lookup() {
        return new Lookup();
    }

    /** Questions about the sample; remembers the last thread asked, so one per reading thread. */
    final class Lookup {
        private long lastThread;
        private int lo;
        private int hi = -1;
        private int cursor = -1;
        private final LongMap<int[]> ranges = new LongMap<>();

        Lookup fork() {
            return new Lookup();
        }

        /** True when the requests are a sample: the full pass then keeps the chosen requests only. */
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

        /** One of the window's longest requests the sample did not choose: kept for the slowest profiles. */
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
                // Events of many threads interleave: each thread's range is searched for once, then remembered.
                int[] range = ranges.get(threadId);
                if (range == null) {
                    int from = SortedLongs.firstAtLeast(thread, 0, thread.length, threadId);
                    int to = threadId == Long.MAX_VALUE
                            ? thread.length
                            : SortedLongs.firstAtLeast(thread, 0, thread.length, threadId + 1);
                    range = new int[]{from, to};
                    ranges.put(threadId, range);
                }
                lo = range[0];
                hi = range[1];
                cursor = -1;
            }
            return hi > lo;
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
    }

    /** 64 bits of the id: a collision only keeps an interval more, never one less. */
    static long hash(String s) {
        long h = 1125899906842597L;
        for (int i = 0; i < s.length(); i++) {
            h = 31 * h + s.charAt(i);
        }
        return h ^ (h >>> 29);
    }
}
