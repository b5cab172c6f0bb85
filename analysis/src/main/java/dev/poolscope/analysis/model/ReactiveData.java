package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the reactive stack's events give that no single thread holds: intervals tied to a request by its id (R2DBC
 * acquire waits and holds, Redis replies) wherever they ran, and the event loops' long tasks (loop stalls). A
 * request on Netty hops threads, so its time is split from these, not from one thread's spans.
 */
final class ReactiveData {
    /** A request's own interval; what it is decides its cause. */
    enum Part {
        ACQUIRE(Cause.CONNECTION_WAIT), REDIS(Cause.REDIS_WAIT), DATABASE(Cause.DATABASE);

        final Cause cause;

        Part(Cause cause) {
            this.cause = cause;
        }
    }

    /** One own interval of a request. */
    record Own(long start, long end, Part part, String label) {
    }

    /**
     * An event-loop task longer than the agent's threshold: {@code requestId} is the request it ran for (empty when
     * unknown), {@code frame} the top application frame of its stack, {@code blocking} when that stack was in a
     * blocking call (a park, a socket read, a sleep, a monitor) rather than on CPU.
     */
    record Stall(long threadId, String threadName, long start, long end, String requestId, String frame,
            boolean blocking) {
        Stall withBlocking(boolean b) {
            return new Stall(threadId, threadName, start, end, requestId, frame, b);
        }
    }

    static final int MAX_OWN = 2_000_000;
    /** {@code poolscope.Request}'s server on the reactive stack. */
    static final String NETTY = "netty";
    /**
     * A stall is blocked when JDK wait events on its loop (park, monitor, sleep, socket, a JDBC getConnection) cover
     * at least half of it: then most of the task was not on CPU, whatever the agent's own flag said.
     */
    static final double BLOCKED_COVER = 0.5;

    final Map<String, List<Own>> own = new HashMap<>();
    final Map<Long, List<Stall>> stalls = new HashMap<>();
    /** Threads that served a request on the reactive stack: the event loops (Reactor Netty's). */
    final Set<Long> loops = new HashSet<>();
    long ownCount;
    long droppedOwn;

    void own(String requestId, long start, long end, Part part, String label) {
        if (requestId == null || requestId.isEmpty() || end < start) {
            return;
        }
        if (ownCount >= MAX_OWN) {
            droppedOwn++;
            return;
        }
        ownCount++;
        own.computeIfAbsent(requestId, k -> new ArrayList<>()).add(new Own(start, end, part, label));
    }

    void stall(Stall s) {
        stalls.computeIfAbsent(s.threadId(), k -> new ArrayList<>()).add(s);
    }

    void seal(RunData data) {
        own.values().forEach(l -> l.sort(Comparator.comparingLong(Own::start)));
        for (Map.Entry<Long, List<Stall>> e : stalls.entrySet()) {
            ThreadSpans spans = data.spans.get(e.getKey());
            List<Stall> list = new ArrayList<>(e.getValue().size());
            for (Stall s : e.getValue()) {
                list.add(s.blocking() || spans == null
                        ? s
                        : s.withBlocking(waited(spans, s) >= BLOCKED_COVER
                                * (s.end() - s.start())));
            }
            list.sort(Comparator.comparingLong(Stall::start));
            e.setValue(list);
        }
    }

    /** Nanos of [s.start, s.end) covered by wait intervals or JDBC holds on the loop (overlaps counted once). */
    private static long waited(ThreadSpans spans, Stall s) {
        long[] covered = {0, s.start()};
        spans.overlapping(s.start(), s.end(), i -> {
            // A JDBC connection held on the loop is the loop waiting for the database: blocking, though no JDK wait
            // event shows it when each query takes less than the 10 ms threshold.
            if (spans.kind(i).cause == null && spans.kind(i) != SpanKind.CONNECTION_HOLD) {
                return;
            }
            long a = Math.max(covered[1], spans.start(i));
            long b = Math.min(s.end(), spans.end(i));
            if (b > a) {
                covered[0] += b - a;
                covered[1] = b;
            }
        });
        return covered[0];
    }

    List<Own> ownOf(String requestId) {
        return requestId == null ? List.of() : own.getOrDefault(requestId, List.of());
    }

    /** The loop's stalls overlapping [from, to), in start order. */
    List<Stall> stallsOn(long threadId, long from, long to) {
        List<Stall> all = stalls.get(threadId);
        if (all == null) {
            return List.of();
        }
        List<Stall> out = new ArrayList<>();
        for (Stall s : all) {
            if (s.start() >= to) {
                break;
            }
            if (s.end() > from) {
                out.add(s);
            }
        }
        return out;
    }

    boolean isEmpty() {
        return own.isEmpty() && stalls.isEmpty();
    }
}
