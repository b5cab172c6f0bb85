package dev.poolscope.analysis.model;

import java.util.Arrays;
import java.util.List;

import dev.poolscope.analysis.jtl.JtlSample;

/**
 * The JMeter clients with a request outstanding, second by second of the window: each sample adds the part of each
 * second it covers. Their median over the whole seconds in which the clients sent (from the first sample sent in the
 * window to the last) is the offered concurrency the worker count is sized from. It is a level: a ramp at the start,
 * the drain at the end, or a window that cuts through requests already sent pull a mean of the clients' time, not
 * this. Bounded: one number per second of window, at most a day of them.
 */
final class Outstanding {
    static final int MAX_SECONDS = 86_400;
    private static final long SECOND = 1_000_000_000L;

    private final long from;
    private final long to;
    private final double[] nanos;
    private long firstSent = Long.MAX_VALUE;
    private long lastSent = Long.MIN_VALUE;

    private Outstanding(long from, long to, int seconds) {
        this.from = from;
        this.to = to;
        this.nanos = new double[seconds];
    }

    /** For the window {@code w}; null without one, or when it is longer than {@link #MAX_SECONDS}. */
    static Outstanding of(MeasuredWindow w) {
        if (w == null || w.endNanos() <= w.startNanos()) {
            return null;
        }
        long seconds = (w.endNanos() - w.startNanos() + SECOND - 1) / SECOND;
        return seconds > MAX_SECONDS ? null : new Outstanding(w.startNanos(), w.endNanos(), (int) seconds);
    }

    /**
     * The median level of {@code samples} in {@code w}, each standing for {@code weight} (1: they are all of them);
     * NaN when not measurable.
     */
    static double median(MeasuredWindow w, List<JtlSample> samples, long weight) {
        Outstanding o = of(w);
        if (o == null) {
            return Double.NaN;
        }
        samples.forEach(s -> o.add(s, weight));
        return o.median();
    }

    /** One JMeter sample, standing for {@code weight} of them. */
    void add(JtlSample s, long weight) {
        add(s.timeStampMillis() * 1_000_000L, s.endMillis() * 1_000_000L, weight);
    }

    /** One sample, sent at {@code sentNanos}, answered at {@code endNanos}. */
    void add(long sentNanos, long endNanos) {
        add(sentNanos, endNanos, 1);
    }

    /** The same, standing for {@code weight} samples (one kept of every {@code weight}, evenly over the run). */
    void add(long sentNanos, long endNanos, long weight) {
        if (sentNanos >= from && sentNanos <= to) {
            firstSent = Math.min(firstSent, sentNanos);
            lastSent = Math.max(lastSent, sentNanos);
        }
        long s = Math.max(sentNanos, from);
        long e = Math.min(endNanos, to);
        int k = (int) ((s - from) / SECOND);
        while (s < e && k < nanos.length) {
            long part = Math.min(e, from + (k + 1) * SECOND) - s;
            nanos[k] += (double) part * weight;
            s += part;
            k++;
        }
    }

    /** The median over the whole seconds from the first sample sent to the last; NaN without one such second. */
    double median() {
        if (firstSent > lastSent) {
            return Double.NaN;
        }
        int a = (int) ((firstSent - from + SECOND - 1) / SECOND);
        int b = (int) Math.min(nanos.length, (lastSent - from) / SECOND);
        if (b <= a) {
            return Double.NaN;
        }
        double[] levels = Arrays.copyOfRange(nanos, a, b);
        Arrays.sort(levels);
        int n = levels.length;
        double median = n % 2 == 1 ? levels[n / 2] : (levels[n / 2 - 1] + levels[n / 2]) / 2;
        return median / SECOND;
    }
}
