package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Splits the time of a request that hops threads (the reactive stack): no thread waits for it, so its parts come
 * from intervals tied to it by request id and from what its event loop was doing. Where they overlap, the first
 * listed wins:
 * <ol>
 * <li>stop-the-world pauses (while the world stood still, nothing it waited for could happen), except inside a
 * wait on its loop not yet due to end by itself, such as a sleep before its time ({@link ThreadSpans#pauseProof});</li>
 * <li>its own R2DBC acquire wait, Redis reply and connection hold (the database), wherever they ran;</li>
 * <li>its own long loop task: the waits recorded on the loop inside it (a blocking JDBC or Redis call, a park, a
 * socket read, a sleep), else CPU on the loop less the loop's run delay in it (a stall is wall time);</li>
 * <li>another request's long task on its loop: event-loop queueing (it could not run: its loop was busy);</li>
 * <li>the rest: the share its loop was runnable but not running (schedstat) is run delay; what is left is
 * unexplained (short loop tasks and hand-offs the agent does not time), shown, never hidden.</li>
 * </ol>
 */
final class ReactiveSplit {
    /** Queueing behind other requests' stalls, by what the stall was doing: {blocked, on CPU} nanos. */
    final long[] queueBehind = new long[2];

    private final RunData data;
    private final ReactiveData reactive;

    ReactiveSplit(RunData data, ReactiveData reactive) {
        this.data = data;
        this.reactive = reactive;
    }

    /** Priority ranks: lower wins. */
    private static final int PAUSE = -1;
    private static final int OWN = 0;
    private static final int ON_LOOP = 20;
    private static final int OWN_STALL = 30;
    private static final int OTHER_STALL = 40;

    /**
     * {@code pauseProof}: a pause inside it delayed nothing ({@link ThreadSpans#pauseProof}), so it does not win there.
     */
    private record Piece(long start, long end, int rank, Cause cause, int behind, boolean pauseProof) {
        Piece(long start, long end, int rank, Cause cause, int behind) {
            this(start, end, rank, cause, behind, false);
        }
    }

    Breakdown attribute(String requestId, long loop, long from, long to, Attributor.SegmentSink sink) {
        return attribute(requestId, loop, from, to, sink, false);
    }

    private Breakdown attribute(String requestId, long loop, long from, long to, Attributor.SegmentSink sink,
            boolean quiet) {
        Breakdown b = new Breakdown();
        if (to <= from) {
            return b;
        }
        List<Piece> pieces = new ArrayList<>();
        for (ReactiveData.Own o : reactive.ownOf(requestId)) {
            if (o.end() > from && o.start() < to && o.part().cause != null) {
                pieces.add(new Piece(o.start(), o.end(), OWN + o.part().ordinal(), o.part().cause, -1));
            }
        }
        data.pauses.overlapping(from, to,
                i -> pieces
                        .add(new Piece(data.pauses.start(i), data.pauses.end(i), PAUSE, Cause.GC_PAUSE, -1)));
        for (ReactiveData.Stall s : reactive.stallsOn(loop, from, to)) {
            boolean mine = !s.requestId().isEmpty() && s.requestId().equals(requestId);
            if (mine) {
                pieces.add(
                        new Piece(s.start(), s.end(), OWN_STALL, s.blocking() ? Cause.UNEXPLAINED : Cause.CPU,
                                -1));
                onLoop(loop, s.start(), s.end(), pieces);
            } else {
                pieces.add(new Piece(s.start(), s.end(), OTHER_STALL, Cause.EVENT_LOOP_QUEUE,
                        s.blocking() ? 0 : 1));
            }
        }
        TreeSet<Long> cuts = new TreeSet<>(List.of(from, to));
        for (Piece p : pieces) {
            cuts.add(Math.max(from, Math.min(to, p.start())));
            cuts.add(Math.max(from, Math.min(to, p.end())));
        }
        SchedSeries sched = data.sched.get(loop);
        boolean usable = sched != null && sched.usable();
        long remainder = 0;
        long runDelay = 0;
        Long prev = null;
        for (long t : cuts) {
            if (prev != null && t > prev) {
                boolean proof = false;
                for (Piece p : pieces) {
                    proof |= p.pauseProof() && p.start() <= prev && p.end() >= t;
                }
                Piece best = null;
                for (Piece p : pieces) {
                    if (p.start() <= prev && p.end() >= t && !(proof && p.rank() == PAUSE)
                            && (best == null || p.rank() < best.rank())) {
                        best = p;
                    }
                }
                Cause c = best == null ? Cause.UNEXPLAINED : best.cause();
                if (usable && best != null && best.rank() == OWN_STALL && c == Cause.CPU) {
                    // A stall is wall time: a loop kept off the CPU runs over the limit as well (its run delay).
                    long rd = Math.max(0, Math.min(t - prev, sched.runDelayBetween(prev, t)));
                    b.add(Cause.RUN_DELAY, rd);
                    b.add(Cause.CPU, t - prev - rd);
                } else if (best == null && usable) {
                    // Nothing tied to the request covers this: it waits for its loop's short tasks. The share of it
                    // its loop spent runnable but not running (schedstat) is the CPU queue's, not unexplained.
                    long rd = Math.max(0, Math.min(t - prev, sched.runDelayBetween(prev, t)));
                    b.add(Cause.RUN_DELAY, rd);
                    b.add(Cause.UNEXPLAINED, t - prev - rd);
                    runDelay += rd;
                } else {
                    b.add(c, t - prev);
                }
                if (!quiet && best != null && best.behind() >= 0) {
                    queueBehind[best.behind()] += t - prev;
                }
                if (sink != null) {
                    if (best == null) {
                        sink.remainder(prev, t);
                        remainder += t - prev;
                    } else {
                        sink.explicit(prev, t, c);
                    }
                }
            }
            prev = t;
        }
        if (sink != null && remainder > 0) {
            double rd = (double) runDelay / remainder;
            sink.remainderShares(0, rd, 0, 1 - rd);
        }
        return b;
    }

    /** The waits recorded on the loop thread inside one of the request's own tasks (a blocking call on the loop). */
    private void onLoop(long loop, long from, long to, List<Piece> pieces) {
        ThreadSpans spans = data.spans.get(loop);
        if (spans == null) {
            return;
        }
        spans.overlapping(from, to, i -> {
            SpanKind k = spans.kind(i);
            Cause c = k == SpanKind.CONNECTION_HOLD ? Cause.DATABASE : k.cause;
            if (c != null) {
                pieces.add(new Piece(Math.max(from, spans.start(i)), Math.min(to, spans.end(i)),
                        ON_LOOP + c.ordinal(), c, -1, spans.pauseProof(i)));
            }
        });
    }

    /** {acquire wait, hold, Redis reply, statements} nanos of the request's own intervals inside [from, to). */
    long[] sums(String requestId, long from, long to) {
        long[] r = new long[4];
        for (ReactiveData.Own o : reactive.ownOf(requestId)) {
            long len = Math.min(to, o.end()) - Math.max(from, o.start());
            int slot = switch (o.part()) {
                case ACQUIRE -> 0;
                case DATABASE -> 1;
                case REDIS -> 2;
                case STATEMENT -> 3;
                case HTTP -> -1;
            };
            if (len > 0 && slot >= 0) {
                r[slot] += len;
            }
        }
        return r;
    }

    /** Scouter-style steps: request start, each own interval (acquire, SQL, Redis), request end; gaps split as above. */
    StepProfile profile(RequestTimeline r, long loop) {
        List<StepProfile.Step> steps = new ArrayList<>();
        steps.add(new StepProfile.Step("request start", r.method() + " " + r.uri(), 0, 0, 0, -1,
                new Breakdown()));
        long prevStart = r.startNanos();
        for (ReactiveData.Own o : reactive.ownOf(r.requestId())) {
            long s = Math.max(r.startNanos(), o.start());
            long e = Math.min(r.endNanos(), o.end());
            if (e < s) {
                continue;
            }
            String name = switch (o.part()) {
                case ACQUIRE -> "R2DBC acquire";
                case DATABASE -> "SQL / connection held";
                case REDIS -> "Redis";
                case STATEMENT -> StepProfile.STATEMENT;
                case HTTP -> "HTTP";
            };
            String detail = o.part() == ReactiveData.Part.STATEMENT
                    ? StepProfile.statement(o.label(), o.rows())
                    : o.label();
            steps.add(new StepProfile.Step(name, detail, s - r.startNanos(), e - s, s - prevStart, -1,
                    attribute(r.requestId(), loop, prevStart, s, null, true)));
            prevStart = s;
        }
        steps.add(new StepProfile.Step("request end", "status " + r.status(), r.serverNanos(), 0,
                r.endNanos() - prevStart, -1,
                attribute(r.requestId(), loop, prevStart, r.endNanos(), null, true)));
        return new StepProfile(r, List.copyOf(steps));
    }
}
