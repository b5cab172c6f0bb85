package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a window of one thread into causes. Same-thread event intervals are painted first, highest-priority cause
 * winning where they overlap. What no event covers is split into on-CPU, run delay and unexplained.
 *
 * <p>
 * A request that carries its own measured CPU and run delay (read by the agent on the serving thread at the span's
 * start and end) gets exactly those, and a stop-the-world pause counts against it only for the part of the
 * uncovered time they leave: a thread that is parked, sleeping or reading a socket during a pause was waiting
 * anyway, and a thread on CPU or in the run queue was not stopped. Without them (older recordings, steps inside
 * a request) pauses apply to every thread they overlap and the remainder is apportioned from the thread's
 * schedstat deltas (or execution samples when there are none). The rest stays unexplained: shown, never hidden.
 */
final class Attributor {
    /** JDK execution sampling period the agent configures (recording-format.md). */
    static final long EXECUTION_SAMPLE_PERIOD_NANOS = 20_000_000L;

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
        if (to <= from) {
            return b;
        }
        boolean measured = measuredCpu >= 0;
        marks.clear();
        ThreadSpans spans = data.spans.get(threadId);
        if (spans != null) {
            spans.overlapping(from, to, i -> {
                Cause c = spans.kind(i).cause;
                if (c != null) {
                    marks.interval(Math.max(from, spans.start(i)), Math.min(to, spans.end(i)), c);
                }
            });
        }
        if (!measured) {
            data.pauses.overlapping(from, to, i -> marks.interval(Math.max(from, data.pauses.start(i)),
                    Math.min(to, data.pauses.end(i)), Cause.GC_PAUSE));
        }
        marks.sort();
        int[] active = new int[Cause.ALL.length];
        long cursor = from;
        long remainder = 0;
        List<long[]> remainderPieces = new ArrayList<>();
        for (int m = 0; m < marks.size(); m++) {
            long t = marks.time(m);
            if (t > cursor) {
                remainder += paint(b, active, cursor, t, sink, remainderPieces);
                cursor = t;
            }
            active[marks.cause(m)] += marks.delta(m);
        }
        if (to > cursor) {
            remainder += paint(b, active, cursor, to, sink, remainderPieces);
        }
        if (measured) {
            splitMeasured(b, threadId, from, to, remainder, remainderPieces, sink, measuredCpu,
                    measuredRunDelay);
        } else {
            splitRemainder(b, threadId, from, to, remainder, remainderPieces, sink);
        }
        return b;
    }

    private static long paint(Breakdown b, int[] active, long s, long e, SegmentSink sink,
            List<long[]> pieces) {
        for (int c = 0; c < Cause.EXPLICIT; c++) {
            if (active[c] > 0) {
                b.add(Cause.ALL[c], e - s);
                if (sink != null) {
                    sink.explicit(s, e, Cause.ALL[c]);
                }
                return 0;
            }
        }
        pieces.add(new long[]{s, e});
        if (sink != null) {
            sink.remainder(s, e);
        }
        return e - s;
    }

    /**
     * The measured CPU first, then the measured run delay (or, when only CPU was measured, the schedstat estimate),
     * then pauses overlapping what is left; each capped by what is left, so the parts never exceed the window. CPU
     * and run delay beyond the uncovered time happened inside painted waits (a wake-up's run delay ends a park).
     */
    private void splitMeasured(Breakdown b, long threadId, long from, long to, long remainder,
            List<long[]> pieces, SegmentSink sink, long measuredCpu, long measuredRunDelay) {
        long cpu = Math.min(measuredCpu, remainder);
        long runDelay;
        if (measuredRunDelay >= 0) {
            runDelay = Math.min(measuredRunDelay, remainder - cpu);
        } else {
            SchedSeries sched = data.sched.get(threadId);
            long estimate = sched != null && sched.usable()
                    ? Math.max(0, sched.runDelayBetween(from, to))
                    : 0;
            runDelay = Math.min(estimate, remainder - cpu);
        }
        long gc = Math.min(pausedWithin(pieces), remainder - cpu - runDelay);
        b.add(Cause.CPU, cpu);
        b.add(Cause.RUN_DELAY, runDelay);
        b.add(Cause.GC_PAUSE, gc);
        finish(b, threadId, pieces, sink, remainder, cpu, runDelay, gc);
    }

    /**
     * What CPU, run delay and pauses leave of the uncovered time was spent off the CPU in no wait the recording has
     * an event for: waits shorter than the events' thresholds. async-profiler's wall samples of the thread inside the
     * uncovered pieces, taken while it slept, name them by their stacks; the time is split in proportion to the
     * samples' weights (an estimate, kept apart in {@link Breakdown#sampledNanos}). Samples whose stack names no wait,
     * and time no sample falls in, stay unexplained.
     */
    private void finish(Breakdown b, long threadId, List<long[]> pieces, SegmentSink sink, long remainder,
            long cpu, long runDelay, long gc) {
        long unexplained = remainder - cpu - runDelay - gc;
        long[] named = new long[Cause.ALL.length];
        if (unexplained > 0 && !data.sampledWaits.isEmpty()) {
            long[] weights = new long[SampledWaits.SLOTS];
            for (long[] p : pieces) {
                data.sampledWaits.weigh(threadId, p[0], p[1], weights);
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
        if (sink != null && remainder > 0) {
            double r = remainder;
            double[] shares = new double[Cause.ALL.length];
            for (int c = 0; c < shares.length; c++) {
                shares[c] = named[c] / r;
            }
            shares[Cause.CPU.ordinal()] += cpu / r;
            shares[Cause.RUN_DELAY.ordinal()] += runDelay / r;
            shares[Cause.GC_PAUSE.ordinal()] += gc / r;
            shares[Cause.UNEXPLAINED.ordinal()] += unexplained / r;
            sink.remainderShares(shares);
        }
    }

    /** Stop-the-world time inside the pieces, overlapping pauses counted once. */
    private long pausedWithin(List<long[]> pieces) {
        long total = 0;
        for (long[] p : pieces) {
            long[] covered = {p[0]};
            long[] sum = {0};
            data.pauses.overlapping(p[0], p[1], i -> {
                long s = Math.max(covered[0], data.pauses.start(i));
                long e = Math.min(p[1], data.pauses.end(i));
                if (e > s) {
                    sum[0] += e - s;
                    covered[0] = e;
                }
            });
            total += sum[0];
        }
        return total;
    }

    private void splitRemainder(Breakdown b, long threadId, long from, long to, long remainder,
            List<long[]> pieces,
            SegmentSink sink) {
        long cpu;
        long runDelay;
        SchedSeries sched = data.sched.get(threadId);
        if (sched != null && sched.usable()) {
            cpu = Math.min(Math.max(0, sched.cpuBetween(from, to)), remainder);
            runDelay = Math.min(Math.max(0, sched.runDelayBetween(from, to)), remainder - cpu);
        } else {
            LongList samples = data.cpuSamples.get(threadId);
            long n = 0;
            if (samples != null) {
                for (long[] p : pieces) {
                    n += samples.countBetween(p[0], p[1]);
                }
            }
            cpu = Math.min(n * EXECUTION_SAMPLE_PERIOD_NANOS, remainder);
            runDelay = 0;
        }
        b.add(Cause.CPU, cpu);
        b.add(Cause.RUN_DELAY, runDelay);
        finish(b, threadId, pieces, sink, remainder, cpu, runDelay, 0);
    }

    /** CPU time of the thread in the window (schedstat, else samples × period); -1 when unknown. */
    long cpuNanos(long threadId, long from, long to) {
        SchedSeries sched = data.sched.get(threadId);
        if (sched != null && sched.usable()) {
            return Math.max(0, sched.cpuBetween(from, to));
        }
        LongList samples = data.cpuSamples.get(threadId);
        return samples == null ? -1 : samples.countBetween(from, to) * EXECUTION_SAMPLE_PERIOD_NANOS;
    }

    static long[] sortedCopy(long[] a) {
        long[] r = Arrays.copyOf(a, a.length);
        Arrays.sort(r);
        return r;
    }
}
