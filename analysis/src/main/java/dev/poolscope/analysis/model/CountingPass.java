package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The one pass over one chunk: the window's requests counted, the longest of them, and every request's key noted
 * (a chunk does not know how many requests come before it, so not which are every k-th) up to the cap; past it the
 * chunk gives up noting ({@link #overflow}) and a second pass chooses. Joined in file order, the keys are numbered
 * across the window and thinned to the stride that keeps at most the cap.
 */
final class CountingPass {
    private final int cap;
    private final int keepLongest;
    long counted;
    /** The counted requests' first start and last end (MAX_VALUE and MIN_VALUE without any). */
    long firstStart = Long.MAX_VALUE;
    long lastEnd = Long.MIN_VALUE;
    /** The counted requests' last start (MIN_VALUE without any). */
    long lastStart = Long.MIN_VALUE;
    /** The stride of the joined keys; a chunk's own keys are all of its requests. */
    private long every = 1;
    private final NotedRequests noted = new NotedRequests();
    boolean overflow;
    /** {thread, start, end, length, index in file order}, longest first, at most {@code keepLongest}. */
    private List<long[]> longest = new ArrayList<>();

    CountingPass(int cap, int keepLongest) {
        this.cap = cap;
        this.keepLongest = keepLongest;
    }

    CountingPass fork() {
        return new CountingPass(cap, keepLongest);
    }

    void request(long threadId, long startNanos, long endNanos, String requestId) {
        firstStart = Math.min(firstStart, startNanos);
        lastEnd = Math.max(lastEnd, endNanos);
        lastStart = Math.max(lastStart, startNanos);
        if (keepLongest > 0) {
            longest.add(new long[]{threadId, startNanos, endNanos, endNanos - startNanos, counted});
            if (longest.size() > 4 * keepLongest) {
                trim();
            }
        }
        if (!overflow) {
            if (noted.size() >= cap) {
                overflow = true;
                noted.clear();
            } else {
                noted.add(threadId, startNanos, endNanos, requestId, counted);
            }
        }
        counted++;
    }

    /** The longest, ties to the earlier in file order. */
    private void trim() {
        longest.sort(ORDER);
        if (longest.size() > keepLongest) {
            longest = new ArrayList<>(longest.subList(0, keepLongest));
        }
    }

    /** Absorbs the chunk that follows everything joined so far. */
    void join(CountingPass later) {
        firstStart = Math.min(firstStart, later.firstStart);
        lastEnd = Math.max(lastEnd, later.lastEnd);
        lastStart = Math.max(lastStart, later.lastStart);
        for (long[] l : later.longest) {
            longest.add(new long[]{l[0], l[1], l[2], l[3], l[4] + counted});
        }
        trim();
        overflow |= later.overflow;
        if (overflow) {
            noted.clear();
        } else {
            NotedRequests n = later.noted;
            for (int i = 0; i < n.size(); i++) {
                long index = counted + n.indexes.get(i);
                if (index % every == 0) {
                    noted.add(n, i, index);
                }
            }
            while (noted.size() > cap) {
                every *= 2;
                noted.thin(every);
            }
        }
        counted += later.counted;
    }

    List<long[]> longest() {
        trim();
        return longest;
    }

    /** The joined stride: 1 when every request fits. */
    long every() {
        return every;
    }

    NotedRequests noted() {
        return noted;
    }

    private static final Comparator<long[]> ORDER = Comparator.<long[]>comparingLong(l -> -l[3])
            .thenComparingLong(l -> l[4]);
}
