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
        ACQUIRE(Cause.CONNECTION_WAIT), REDIS(Cause.REDIS_WAIT), DATABASE(Cause.DATABASE), HTTP(
                Cause.HTTP_WAIT),
        /** An R2DBC statement inside the hold: structure for the steps and the statements view, no cause of its own. */
        STATEMENT(null);

        final Cause cause;

        Part(Cause cause) {
            this.cause = cause;
        }
    }

    /** One own interval of a request; {@code rows} is a statement's (-1 when unknown or not a statement). */
    record Own(long start, long end, Part part, String label, long rows) {
        Own(long start, long end, Part part, String label) {
            this(start, end, part, label, -1);
        }
    }

    /**
     * An event-loop task longer than the agent's threshold: {@code requestId} is the request it ran for (the one its
     * loop decoded during it; empty when none), {@code frame} the application frame of its stack, {@code blocking}
     * when it was waiting rather than on CPU.
     */
    record Stall(long threadId, String threadName, long start, long end, String requestId, String frame,
            boolean blocking, long stackAfterNanos) {
        Stall with(String owner, boolean b) {
            return new Stall(threadId, threadName, start, end, owner, frame, b, stackAfterNanos);
        }
    }

    static final int MAX_OWN = 1_000_000;
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

    /** One kept interval of a request (the collector checked it and applied the cap). */
    void own(String requestId, Own o) {
        ownCount++;
        own.computeIfAbsent(requestId, k -> new ArrayList<>()).add(o);
    }

    void stall(Stall s) {
        stalls.computeIfAbsent(s.threadId(), k -> new ArrayList<>()).add(s);
    }

    /**
     * Sorts, then settles each stall: blocked (the stack said so, or wait events cover half of it) and whose it was.
     * A loop decodes a request inside one of its tasks, so a stall on a request's loop belongs to the last request
     * that loop decoded in it before its stack was taken: that request's handler was running inline.
     */
    void seal(RunData data, List<dev.poolscope.analysis.recording.Events.Request> requests) {
        own.values().forEach(l -> l.sort(Comparator.comparingLong(Own::start)));
        Map<Long, List<dev.poolscope.analysis.recording.Events.Request>> byLoop = new HashMap<>();
        for (var r : requests) {
            if (loops.contains(r.thread().javaThreadId())) {
                byLoop.computeIfAbsent(r.thread().javaThreadId(), k -> new ArrayList<>()).add(r);
            }
        }
        byLoop.values().forEach(l -> l.sort(Comparator.comparingLong(
                dev.poolscope.analysis.recording.Events.Request::startNanos)));
        for (Map.Entry<Long, List<Stall>> e : stalls.entrySet()) {
            ThreadSpans spans = data.spans.get(e.getKey());
            var decoded = byLoop.getOrDefault(e.getKey(), List.of());
            List<Stall> list = new ArrayList<>(e.getValue().size());
            for (Stall s : e.getValue()) {
                boolean blocked = s.blocking()
                        || (spans != null && waited(spans, s) >= BLOCKED_COVER * (s.end() - s.start()));
                long cutoff = s.stackAfterNanos() >= 0 ? s.start() + s.stackAfterNanos() : s.end();
                String owner = s.requestId();
                int lo = 0;
                int hi = decoded.size();
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (decoded.get(mid).startNanos() < s.start()) {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                for (int k = lo; k < decoded.size() && decoded.get(k).startNanos() <= cutoff; k++) {
                    owner = decoded.get(k).requestId();
                }
                list.add(s.with(owner, blocked));
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
        // One loop runs one task at a time: its stalls do not overlap, so their ends are in start order too.
        int lo = 0;
        int hi = all.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (all.get(mid).end() <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        List<Stall> out = new ArrayList<>();
        for (int i = lo; i < all.size() && all.get(i).start() < to; i++) {
            if (all.get(i).end() > from) {
                out.add(all.get(i));
            }
        }
        return out;
    }

    boolean isEmpty() {
        return own.isEmpty() && stalls.isEmpty();
    }
}
