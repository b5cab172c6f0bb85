package dev.poolscope.analysis.export;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/** The requests of a run by thread and time: which request, if any, a sample on a thread at an instant fell inside. */
final class RequestIndex {
    private final Map<Long, Lane> lanes = new HashMap<>();

    /** One thread's requests, sorted by start. Requests on one thread do not overlap (one at a time). */
    private record Lane(long[] starts, long[] ends, Events.Request[] requests) {
    }

    RequestIndex(List<Events.Request> requests) {
        Map<Long, List<Events.Request>> byThread = new HashMap<>();
        for (Events.Request r : requests) {
            byThread.computeIfAbsent(r.thread().javaThreadId(), k -> new ArrayList<>()).add(r);
        }
        byThread.forEach((thread, list) -> {
            list.sort((a, b) -> Long.compare(a.startNanos(), b.startNanos()));
            long[] starts = new long[list.size()];
            long[] ends = new long[list.size()];
            for (int i = 0; i < starts.length; i++) {
                starts[i] = list.get(i).startNanos();
                ends[i] = list.get(i).endNanos();
            }
            lanes.put(thread, new Lane(starts, ends, list.toArray(Events.Request[]::new)));
        });
    }

    /** The request on {@code javaThreadId} around {@code timeNanos} (start inclusive, end exclusive), or null. */
    Events.Request at(long javaThreadId, long timeNanos) {
        Lane lane = lanes.get(javaThreadId);
        if (lane == null) {
            return null;
        }
        int i = Arrays.binarySearch(lane.starts, timeNanos);
        // The last request that started at or before the instant.
        i = i >= 0 ? i : -i - 2;
        return i >= 0 && timeNanos < lane.ends[i] ? lane.requests[i] : null;
    }
}
