package dev.poolscope.analysis.model;

import java.util.Arrays;

/**
 * Splits a window of one thread into causes. Same-thread event intervals are painted first, highest-priority cause
 * winning where they overlap, and a stop-the-world pause above them all: while the world stood still nothing the
 * thread waited for could happen (the holder of its connection or lock was stopped too), so a pause inside a pool
 * wait or a lock wait is pause, not wait. A wait not yet due to end by itself is the exception (a sleep before the
 * time it asked for, a timed wait that timed out): its clock ran through the pause, which delayed only the part it
 * overran ({@link ThreadSpans#pauseProof}). What no event covers is split into on-CPU, run delay and unexplained.
 * Inside a JDBC statement (the agent records every execution), what CPU and run delay leave of the uncovered time is
 * the database's: the thread was off the CPU, not runnable, inside the driver, which blocks on its socket for the
 * reply; the read was shorter than the socket events' threshold. A small write to a local peer inside it stays
 * uncovered (a copy: CPU and run delay).
 *
 * <p>
 * A request that carries its own measured CPU and run delay (read by the agent on the serving thread at the span's
 * start and end) gets exactly those: first in the uncovered time; run delay that does not fit there was spent inside
 * its waits (a woken thread waits for a CPU before its wait event ends; a write preempted inside the kernel is
 * runnable, not waiting), so it is taken out of them, in proportion to their length, at each one's end. Without
 * them (older recordings, steps inside a request) the remainder is apportioned from the thread's schedstat deltas
 * (or execution samples when there are none). The rest stays unexplained: shown, never hidden.
 *
 * <p>
 * Over 300 lines because it is one split: the painting, the measured or apportioned remainder and the wall samples'
 * names all read and write the same window's pieces, kept in reused arrays so that no window allocates.
 */
final class Attributor {
    /** JDK execution sampling period the agent configures (recording-format.md). */
    static final long EXECUTION_SAMPLE_PERIOD_NANOS = 20_000_000L;
    private static final int REMAINDER = -1;
    /**
     * The marks' slot past the causes for intervals a pause does not take ({@link ThreadSpans#pauseProof}): while one
     * is open, a pause is painted as what lies under it.
     */
    private static final int PAUSE_PROOF = Cause.ALL.length;
    /** The marks' slot for JDBC statements: uncovered time inside one is {@link #STATEMENT_REMAINDER}. */
    private static final int IN_STATEMENT = PAUSE_PROOF + 1;
    /** The marks' slot for writes that cannot wait ({@link SpanKind#LOCAL_WRITE}): never the database's. */
    private static final int LOCAL_WRITE = IN_STATEMENT + 1;
    /** An uncovered piece inside a JDBC statement: its unexplained share is the database's. */
    private static final int STATEMENT_REMAINDER = -2;

    /** Receives the painted pieces of a window, for timelines. */
    interface SegmentSink {
        void explicit(long start, long end, Cause cause);

        /** A piece covered by no event; its split is given once per window by {@link #remainderShares}. */
        void remainder(long start, long end);

        /** The split of the window's uncovered pieces: a share per cause, indexed by ordinal, summing to 1. */
        void remainderShares(double[] byCause);

        default void remainderShares(double cpu, double runDelay, double gcPause, double unexplained) {
            double[] shares = new double[Cause.ALL.length];
            shares[Cause.CPU.ordinal()] = cpu;
            shares[Cause.RUN_DELAY.ordinal()] = runDelay;
            shares[Cause.GC_PAUSE.ordinal()] = gcPause;
            shares[Cause.UNEXPLAINED.ordinal()] = unexplained;
            remainderShares(shares);
        }
    }

    private final RunData data;
    /** Reused window to window: attribution runs on one thread. */
    private final Marks marks = new Marks();
    /** The last window's pieces, for {@link #within}: {start, end} and the cause (-1: uncovered). */
    private long[] pieceStart = new long[64];
    private long[] pieceEnd = new long[64];
    private int[] pieceCause = new int[64];
    private int pieceCount;
    /** The last window's split of its uncovered pieces, by cause ordinal. */
    private final double[] shares = new double[Cause.ALL.length];

    Attributor(RunData data) {
        this.data = data;
    }

    Breakdown attribute(long threadId, long from, long to) {
        return attribute(threadId, from, to, null, -1, -1);
    }

    /**
     * {@code measuredCpu} and {@code measuredRunDelay}: the window's own CPU and run delay in nanoseconds, -1 when
     * unknown (then apportioned as described above).
     */
    Breakdown attribute(long threadId, long from, long to, SegmentSink sink, long measuredCpu,
            long measuredRunDelay) {
        Breakdown b = new Breakdown();
        pieceCount = 0;
        Arrays.fill(shares, 0);
        if (to <= from) {
            return b;
        }
        boolean measured = measuredCpu >= 0;
        marks.clear();
        ThreadSpans spans = data.spans.get(threadId);
        if (spans != null) {
            spans.overlapping(from, to, i -> {
                SpanKind k = spans.kind(i);
                if (k.cause != null) {
                    marks.interval(Math.max(from, spans.start(i)), Math.min(to, spans.end(i)), k.cause);
                }
                if (spans.pauseProof(i)) {
                    marks.interval(Math.max(from, spans.start(i)), Math.min(to, spans.end(i)), PAUSE_PROOF);
                }
                if (k == SpanKind.STATEMENT || k == SpanKind.LOCAL_WRITE) {
                    marks.interval(Math.max(from, spans.start(i)), Math.min(to, spans.end(i)),
                            k == SpanKind.STATEMENT ? IN_STATEMENT : LOCAL_WRITE);
                }
            });
        }
        data.pauses.overlapping(from, to, i -> marks.interval(Math.max(from, data.pauses.start(i)),
                Math.min(to, data.pauses.end(i)), Cause.GC_PAUSE));
        marks.sort();
        int[] active = new int[LOCAL_WRITE + 1];
        long cursor = from;
        for (int m = 0; m < marks.size(); m++) {
            long t = marks.time(m);
            if (t > cursor) {
                piece(cursor, t, winner(active));
                cursor = t;
            }
            active[marks.cause(m)] += marks.delta(m);
        }
        if (to > cursor) {
            piece(cursor, to, winner(active));
        }
        long remainder = 0;
        long inStatements = 0;
        long waits = 0;
        for (int p = 0; p < pieceCount; p++) {
            long len = pieceEnd[p] - pieceStart[p];
            if (pieceCause[p] < 0) {
                remainder += len;
                inStatements += pieceCause[p] == STATEMENT_REMAINDER ? len : 0;
            } else if (pieceCause[p] != Cause.GC_PAUSE.ordinal()) {
                waits += len;
            }
        }
        long cpu;
        long runDelay;
        long inWaits = 0;
        if (measured) {
            cpu = Math.min(measuredCpu, remainder);
            if (measuredRunDelay >= 0) {
                runDelay = Math.min(measuredRunDelay, remainder - cpu);
                inWaits = Math.min(measuredRunDelay - runDelay, waits);
            } else {
                SchedSeries sched = data.sched.get(threadId);
                long estimate = sched != null && sched.usable()
                        ? Math.max(0, sched.runDelayBetween(from, to))
                        : 0;
                runDelay = Math.min(estimate, remainder - cpu);
            }
        } else {
            long[] split = apportion(threadId, from, to, remainder);
            cpu = split[0];
            runDelay = split[1];
        }
        // Unexplained time is left only when the run delay fitted in the uncovered time, so none was taken out of
        // waits (inWaits == 0) when the statements get their share.
        long database = inStatements == 0
                ? 0
                : (long) Math.floor((double) (remainder - cpu - runDelay) / remainder * inStatements);
        if (database > 0) {
            splitStatements(database, inStatements);
        }
        paintExplicit(b, sink, waits, inWaits);
        b.add(Cause.CPU, cpu);
        b.add(Cause.RUN_DELAY, runDelay);
        finish(b, threadId, sink, remainder - database, cpu, runDelay);
        return b;
    }

    /**
     * Gives {@code database} nanoseconds of the uncovered pieces inside statements ({@code inStatements} in all) to
     * the database, each piece its share of it at its end, where the driver waits for the reply: CPU and run delay
     * are spread evenly over the uncovered time, so what they leave of each piece is the same share of it.
     */
    private void splitStatements(long database, long inStatements) {
        long[] starts = Arrays.copyOf(pieceStart, pieceCount);
        long[] ends = Arrays.copyOf(pieceEnd, pieceCount);
        int[] causes = Arrays.copyOf(pieceCause, pieceCount);
        int n = pieceCount;
        pieceCount = 0;
        long cumulative = 0;
        long given = 0;
        for (int p = 0; p < n; p++) {
            if (causes[p] != STATEMENT_REMAINDER) {
                piece(starts[p], ends[p], causes[p]);
                continue;
            }
            cumulative += ends[p] - starts[p];
            long upTo = cumulative == inStatements
                    ? database
                    : (long) Math.floor((double) database / inStatements * cumulative);
            long take = Math.max(0, Math.min(ends[p] - starts[p], upTo - given));
            given += take;
            if (ends[p] - take > starts[p]) {
                piece(starts[p], ends[p] - take, STATEMENT_REMAINDER);
            }
            if (take > 0) {
                piece(ends[p] - take, ends[p], Cause.DATABASE.ordinal());
            }
        }
    }

    /**
     * The cause painted where {@code active} intervals meet: a pause above all (unless an interval it delays nothing in
     * is open), then the causes' order (run delay last: {@link SpanKind#CARRIER_WAIT}).
     */
    private static int winner(int[] active) {
        if (active[Cause.GC_PAUSE.ordinal()] > 0 && active[PAUSE_PROOF] == 0) {
            return Cause.GC_PAUSE.ordinal();
        }
        for (int c = 0; c < Cause.EXPLICIT; c++) {
            if (active[c] > 0 && c != Cause.GC_PAUSE.ordinal()) {
                return c;
            }
        }
        return active[IN_STATEMENT] > 0 && active[LOCAL_WRITE] == 0 ? STATEMENT_REMAINDER : REMAINDER;
    }

    private void piece(long s, long e, int cause) {
        if (pieceCount > 0 && pieceCause[pieceCount - 1] == cause && pieceEnd[pieceCount - 1] == s) {
            pieceEnd[pieceCount - 1] = e;
            return;
        }
        if (pieceCount == pieceStart.length) {
            int n = pieceCount * 2;
            pieceStart = Arrays.copyOf(pieceStart, n);
            pieceEnd = Arrays.copyOf(pieceEnd, n);
            pieceCause = Arrays.copyOf(pieceCause, n);
        }
        pieceStart[pieceCount] = s;
        pieceEnd[pieceCount] = e;
        pieceCause[pieceCount] = cause;
        pieceCount++;
    }

    /**
     * Adds the painted pieces to the breakdown and the sink; {@code inWaits} of run delay comes out of the wait pieces
     * (not pauses) in proportion to their length, each share at the piece's end, where a woken thread waits for a CPU.
     */
    private void paintExplicit(Breakdown b, SegmentSink sink, long waits, long inWaits) {
        long cumulative = 0;
        long given = 0;
        int n = pieceCount;
        for (int p = 0; p < n; p++) {
            int c = pieceCause[p];
            long s = pieceStart[p];
            long e = pieceEnd[p];
            if (c < 0) {
                if (sink != null) {
                    sink.remainder(s, e);
                }
                continue;
            }
            long take = 0;
            if (c != Cause.GC_PAUSE.ordinal() && inWaits > 0) {
                // Shares of the cumulative length, so rounding never makes them add up to more or less.
                cumulative += e - s;
                long upTo = cumulative == waits
                        ? inWaits
                        : (long) Math.floor((double) inWaits / waits * cumulative);
                take = Math.max(0, Math.min(e - s, upTo - given));
                given += take;
            }
            Cause cause = Cause.ALL[c];
            b.add(cause, e - s - take);
            b.add(Cause.RUN_DELAY, take);
            if (sink != null) {
                if (e - take > s) {
                    sink.explicit(s, e - take, cause);
                }
                if (take > 0) {
                    sink.explicit(e - take, e, Cause.RUN_DELAY);
                }
            }
            if (take > 0) {
                // Kept apart for within() (appended: within() reads every piece, in any order).
                pieceEnd[p] = e - take;
                piece(e - take, e, Cause.RUN_DELAY.ordinal());
            }
        }
    }

    /**
     * Per cause, the nanoseconds of the last attributed window that fell inside [from, to): painted pieces as painted,
     * uncovered ones by the window's split of its uncovered time. Adds into {@code byCause} (indexed by ordinal).
     */
    void within(long from, long to, double[] byCause) {
        for (int p = 0; p < pieceCount; p++) {
            long len = Math.min(to, pieceEnd[p]) - Math.max(from, pieceStart[p]);
            if (len <= 0) {
                continue;
            }
            if (pieceCause[p] < 0) {
                for (int c = 0; c < byCause.length; c++) {
                    byCause[c] += len * shares[c];
                }
            } else {
                byCause[pieceCause[p]] += len;
            }
        }
    }

    /**
     * What CPU and run delay leave of the uncovered time was spent off the CPU in no wait the recording has an event
     * for: waits shorter than the events' thresholds. async-profiler's wall samples of the thread inside the uncovered
     * pieces, taken while it slept, name them by their stacks; the time is split in proportion to the samples' weights
     * (an estimate, kept apart in {@link Breakdown#sampledNanos}). Samples whose stack names no wait, and time no
     * sample falls in, stay unexplained.
     */
    private void finish(Breakdown b, long threadId, SegmentSink sink, long remainder, long cpu,
            long runDelay) {
        long unexplained = remainder - cpu - runDelay;
        long[] named = new long[Cause.ALL.length];
        if (unexplained > 0 && !data.sampledWaits.isEmpty()) {
            long[] weights = new long[SampledWaits.SLOTS];
            for (int p = 0; p < pieceCount; p++) {
                // Inside statements the unexplained share is the database's already.
                if (pieceCause[p] == REMAINDER) {
                    data.sampledWaits.weigh(threadId, pieceStart[p], pieceEnd[p], weights);
                }
            }
            long total = Arrays.stream(weights).sum();
            long left = unexplained;
            for (int c = 0; c < Cause.ALL.length && total > 0; c++) {
                if (weights[c] > 0) {
                    named[c] = (long) ((double) unexplained * weights[c] / total);
                    b.addSampled(Cause.ALL[c], named[c]);
                    left -= named[c];
                }
            }
            unexplained = left;
        }
        b.add(Cause.UNEXPLAINED, unexplained);
        if (remainder > 0) {
            double r = remainder;
            for (int c = 0; c < shares.length; c++) {
                shares[c] = named[c] / r;
            }
            shares[Cause.CPU.ordinal()] += cpu / r;
            shares[Cause.RUN_DELAY.ordinal()] += runDelay / r;
            shares[Cause.UNEXPLAINED.ordinal()] += unexplained / r;
            if (sink != null) {
                sink.remainderShares(shares.clone());
            }
        }
    }

    /**
     * Without the request's own clocks: {CPU, run delay} of the uncovered time from the thread's schedstat deltas over
     * the window, else its execution samples in the uncovered pieces times the sampling period (no run delay).
     */
    private long[] apportion(long threadId, long from, long to, long remainder) {
        SchedSeries sched = data.sched.get(threadId);
        if (sched != null && sched.usable()) {
            long cpu = Math.min(Math.max(0, sched.cpuBetween(from, to)), remainder);
            return new long[]{cpu, Math.min(Math.max(0, sched.runDelayBetween(from, to)), remainder - cpu)};
        }
        LongList samples = data.cpuSamples.get(threadId);
        long n = 0;
        if (samples != null) {
            for (int p = 0; p < pieceCount; p++) {
                if (pieceCause[p] < 0) {
                    n += samples.countBetween(pieceStart[p], pieceEnd[p]);
                }
            }
        }
        return new long[]{Math.min(n * EXECUTION_SAMPLE_PERIOD_NANOS, remainder), 0};
    }
}
