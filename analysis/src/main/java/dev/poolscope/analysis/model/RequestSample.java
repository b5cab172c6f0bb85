package dev.poolscope.analysis.model;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

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
    private final Map<Long, Keys> byThread = new HashMap<>();
    private LongList idHashes = new LongList();
    private long[] ids = new long[0];
    private boolean active;
    private long lastThread;
    private Keys lastKeys;

    RequestSample(int cap) {
        this.cap = cap;
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
    void request(long threadId, long start, long end, String requestId) {
        if (pass == 0) {
            counted++;
            return;
        }
        if (index++ % every == 0) {
            byThread.computeIfAbsent(threadId, k -> new Keys()).add(start, end);
            if (requestId != null && !requestId.isEmpty()) {
                idHashes.add(hash(requestId));
            }
        }
    }

    void endPass() {
        if (pass == 0) {
            every = every(counted, cap);
        } else if (pass == 1) {
            byThread.values().forEach(Keys::seal);
            ids = idHashes.toSortedArray();
            idHashes = null;
            active = true;
        }
        pass++;
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

    boolean chosen(long threadId, long start, long end) {
        Keys k = keys(threadId);
        return k != null && k.contains(start, end);
    }

    /** Whether [start, end] on the thread overlaps a chosen request of that thread. */
    boolean overlapsChosen(long threadId, long start, long end) {
        Keys k = keys(threadId);
        return k != null && k.overlaps(start, end);
    }

    /** The thread's chosen requests; the last thread asked is remembered (events come in runs per thread). */
    private Keys keys(long threadId) {
        if (threadId != lastThread || lastKeys == null) {
            lastKeys = byThread.get(threadId);
            lastThread = threadId;
        }
        return lastKeys;
    }

    /** Whether a reactive interval tagged with this request id may belong to a chosen request. */
    boolean chosenId(String requestId) {
        return requestId != null && Arrays.binarySearch(ids, hash(requestId)) >= 0;
    }

    /** 64 bits of the id: a collision only keeps an interval more, never one less. */
    private static long hash(String s) {
        long h = 1125899906842597L;
        for (int i = 0; i < s.length(); i++) {
            h = 31 * h + s.charAt(i);
        }
        return h ^ (h >>> 29);
    }

    /** One thread's chosen requests, sorted by start, with the running maximum of their ends for overlap tests. */
    static final class Keys {
        private long[] starts = new long[4];
        private long[] ends = new long[4];
        private long[] maxEnd;
        private int size;

        void add(long start, long end) {
            if (size == starts.length) {
                starts = Arrays.copyOf(starts, size * 2);
                ends = Arrays.copyOf(ends, size * 2);
            }
            starts[size] = start;
            ends[size] = end;
            size++;
        }

        void seal() {
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            boolean sorted = true;
            for (int i = 1; i < size && sorted; i++) {
                sorted = starts[i - 1] < starts[i] || starts[i - 1] == starts[i] && ends[i - 1] <= ends[i];
            }
            if (!sorted) {
                long[] s = starts;
                long[] e = ends;
                Arrays.sort(order,
                        (a, b) -> s[a] != s[b] ? Long.compare(s[a], s[b]) : Long.compare(e[a], e[b]));
                long[] ns = new long[size];
                long[] ne = new long[size];
                for (int i = 0; i < size; i++) {
                    ns[i] = s[order[i]];
                    ne[i] = e[order[i]];
                }
                starts = ns;
                ends = ne;
            } else {
                starts = Arrays.copyOf(starts, size);
                ends = Arrays.copyOf(ends, size);
            }
            maxEnd = new long[size];
            long m = Long.MIN_VALUE;
            for (int i = 0; i < size; i++) {
                m = Math.max(m, ends[i]);
                maxEnd[i] = m;
            }
        }

        /** The previous answer: a thread's events come in time order, so the next one is usually the same. */
        private int cursor = -1;

        /** Index of the last request starting at or before {@code t}, or -1. */
        private int lastStartingBy(long t) {
            int c = cursor;
            if (c >= 0 && c < size && starts[c] <= t && (c + 1 == size || starts[c + 1] > t)) {
                return c;
            }
            cursor = search(t);
            return cursor;
        }

        private int search(long t) {
            int lo = 0;
            int hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (starts[mid] <= t) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo - 1;
        }

        boolean contains(long start, long end) {
            for (int i = lastStartingBy(start); i >= 0 && starts[i] == start; i--) {
                if (ends[i] == end) {
                    return true;
                }
            }
            return false;
        }

        /** Some chosen request starts by {@code end} and ends at or after {@code start}. */
        boolean overlaps(long start, long end) {
            int i = lastStartingBy(end);
            return i >= 0 && maxEnd[i] >= start;
        }
    }
}
