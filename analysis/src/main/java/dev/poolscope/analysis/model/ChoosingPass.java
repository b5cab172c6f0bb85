package dev.poolscope.analysis.model;

/**
 * The second pass over one chunk whose first request is the window's {@code offset}-th, when the first could not
 * note every key: every k-th noted.
 */
final class ChoosingPass {
    private final long every;
    private long index;
    private final NotedRequests noted = new NotedRequests();

    ChoosingPass(long every, long offset) {
        this.every = every;
        this.index = offset;
    }

    void request(long threadId, long startNanos, long endNanos, String requestId) {
        long i = index++;
        if (i % every == 0) {
            noted.add(threadId, startNanos, endNanos, requestId, i);
        }
    }

    void join(ChoosingPass later) {
        NotedRequests n = later.noted;
        for (int i = 0; i < n.size(); i++) {
            noted.add(n, i, n.indexes.get(i));
        }
        index = later.index;
    }

    NotedRequests noted() {
        return noted;
    }
}
