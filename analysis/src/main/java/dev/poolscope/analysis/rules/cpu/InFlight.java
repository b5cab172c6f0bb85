package dev.poolscope.analysis.rules.cpu;

import java.util.Arrays;

import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.recording.Events;

/**
 * How many requests the server had in flight at once: from every request's server span when the model holds all of
 * them, else from the worker pool's own busy counts (sampled each second) when the server reports them. A thread pool
 * of {@code t} holds requests back only while more than {@code t} want a thread: {@link #shareAbove} says how often.
 */
final class InFlight {
    /** Sorted starts and ends of every request's span; null when the model holds a sample of the requests. */
    private final long[] starts;
    private final long[] ends;
    /** The worker pool's busy counts, in sample order (-1 where the server had none). */
    private final int[] busy;
    /** The most spans open at once (-1 without spans), and the most busy in a sample (-1 without any). */
    private final int mostOfSpans;
    private final int mostBusy;

    private InFlight(long[] starts, long[] ends, int[] busy) {
        this.starts = starts;
        this.ends = ends;
        this.busy = busy;
        this.mostOfSpans = starts == null ? -1 : (int) walk(Integer.MAX_VALUE)[0];
        this.mostBusy = Arrays.stream(busy).max().orElse(-1);
    }

    static InFlight of(RunModel run) {
        int[] busy = run.pools().worker().stream().mapToInt(Events.WorkerPoolGauge::busy).toArray();
        // A sample of the requests says nothing about how many ran at once: only the whole set does.
        if (run.requestScale() != 1 || run.requests().isEmpty()) {
            return new InFlight(null, null, busy);
        }
        long[] s = run.requests().stream().mapToLong(RequestTimeline::startNanos).sorted().toArray();
        long[] e = run.requests().stream().mapToLong(RequestTimeline::endNanos).sorted().toArray();
        return new InFlight(s, e, busy);
    }

    /** For tests: spans given as start, end pairs, and no gauges. */
    static InFlight ofSpans(long... startEnd) {
        long[] s = new long[startEnd.length / 2];
        long[] e = new long[startEnd.length / 2];
        for (int i = 0; i < s.length; i++) {
            s[i] = startEnd[2 * i];
            e[i] = startEnd[2 * i + 1];
        }
        Arrays.sort(s);
        Arrays.sort(e);
        return s.length == 0 ? new InFlight(null, null, new int[0]) : new InFlight(s, e, new int[0]);
    }

    /** Whether every request's span is the source (else the worker pool's busy counts, which saw more). */
    boolean fromSpans() {
        return starts != null && mostOfSpans >= mostBusy;
    }

    /** The most requests in flight at once; -1 when neither source measured it. */
    int most() {
        return Math.max(mostBusy, mostOfSpans);
    }

    /**
     * The share of the time from the first request's start to the last one's end during which more than {@code t}
     * requests were in flight, from the spans; else the share of gauge samples with more than {@code t} busy; NaN
     * without either.
     */
    double shareAbove(int t) {
        if (fromSpans()) {
            long span = ends[ends.length - 1] - starts[0];
            return span <= 0 ? 0 : (double) walk(t)[1] / span;
        }
        long samples = Arrays.stream(busy).filter(b -> b >= 0).count();
        return samples == 0 ? Double.NaN : (double) Arrays.stream(busy).filter(b -> b > t).count() / samples;
    }

    /**
     * Walks the spans in time order: the most open at once, and the nanoseconds during which more than {@code t} were
     * open. One ending as another starts is no overlap.
     */
    private long[] walk(int t) {
        long most = 0;
        long above = 0;
        int now = 0;
        int e = 0;
        long last = starts[0];
        for (long s : starts) {
            while (e < ends.length && ends[e] <= s) {
                above += now > t ? ends[e] - last : 0;
                last = ends[e];
                e++;
                now--;
            }
            above += now > t ? s - last : 0;
            last = s;
            now++;
            most = Math.max(most, now);
        }
        while (e < ends.length) {
            above += now > t ? ends[e] - last : 0;
            last = ends[e];
            e++;
            now--;
        }
        return new long[]{most, above};
    }
}
