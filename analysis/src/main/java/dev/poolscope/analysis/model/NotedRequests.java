package dev.poolscope.analysis.model;

import java.util.List;

/** The requests noted by a pass: thread, start, end, id hash (with whether there was an id), index in order. */
final class NotedRequests {
    final LongList threads = new LongList();
    final LongList starts = new LongList();
    final LongList ends = new LongList();
    final LongList idHashes = new LongList();
    final LongList hasIds = new LongList();
    final LongList indexes = new LongList();

    void add(long threadId, long startNanos, long endNanos, String requestId, long index) {
        threads.add(threadId);
        starts.add(startNanos);
        ends.add(endNanos);
        boolean id = requestId != null && !requestId.isEmpty();
        idHashes.add(id ? RequestSample.hash(requestId) : 0);
        hasIds.add(id ? 1 : 0);
        indexes.add(index);
    }

    /** Appends {@code from}'s {@code i}-th noted request, numbered {@code index} here. */
    void add(NotedRequests from, int i, long index) {
        threads.add(from.threads.get(i));
        starts.add(from.starts.get(i));
        ends.add(from.ends.get(i));
        idHashes.add(from.idHashes.get(i));
        hasIds.add(from.hasIds.get(i));
        indexes.add(index);
    }

    int size() {
        return threads.size();
    }

    /** Keeps the noted requests whose index is a multiple of {@code every}. */
    void thin(long every) {
        int to = 0;
        for (int i = 0; i < size(); i++) {
            if (indexes.get(i) % every == 0) {
                threads.set(to, threads.get(i));
                starts.set(to, starts.get(i));
                ends.set(to, ends.get(i));
                idHashes.set(to, idHashes.get(i));
                hasIds.set(to, hasIds.get(i));
                indexes.set(to, indexes.get(i));
                to++;
            }
        }
        for (LongList l : List.of(threads, starts, ends, idHashes, hasIds, indexes)) {
            l.truncate(to);
        }
    }

    void clear() {
        for (LongList l : List.of(threads, starts, ends, idHashes, hasIds, indexes)) {
            l.truncate(0);
        }
    }
}
