package dev.poolscope.analysis.steady;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Whether a series' first seconds are a transient, a level its later seconds never return to, and whether what
 * follows holds still.
 *
 * <p>
 * Where a start ends: White's marginal standard error rule (MSER), the standard truncation rule for a simulation's
 * warm-up. Cutting the first {@code d} values leaves a mean whose standard error is s(d) / √(n − d); the cut that
 * minimises it is where the bias the start adds outweighs the values lost. A start is searched in the first half (the
 * steady part must hold at least half the seconds). The rule cuts on noise too (any early value far enough from the
 * mean shortens the interval), so a cut stands only when the part before it is unlike the part after in three ways:
 * <ol>
 * <li>their medians lie further apart than three times the series' second-to-second noise, the limit of a Shewhart
 * individuals chart: the typical second before lies outside the band the seconds after it occupy. The noise is
 * estimated from the moving ranges as such charts do, with their median rather than their mean (median
 * |x(i+1) − x(i)| / 0.954, the median of |N(0, 2σ²)| being 0.954 σ), so that neither a spike nor the step itself
 * widens the band as they would a standard deviation or the mean range;</li>
 * <li>the mean before lies beyond the mean of every stretch of the same length after it, on the same side: the part
 * after never looked like it for as long, so a spike is not a transient;</li>
 * <li>the medians differ by at least {@code floor} (in the series' unit): a difference a client cannot see does not
 * matter to any verdict.</li>
 * </ol>
 * Before they are judged, the cut is moved back to the first second after the last one outside the control limits of
 * the part after it (its median ± 3 × noise): MSER may take a few seconds of the rest along when dropping them narrows
 * the interval. A start that decays in steps is cut again from where the last cut ended, while a cut stands.
 *
 * <p>
 * Whether the rest then holds still: every split in the second half (up to the last {@link #MIN_REST} values) is
 * judged by the same three tests, the part before it from the start on. One that stands is a level still moving (a
 * drift, or a step past half-time): there is no steady part of at least half the seconds. It is placed where one step
 * fits best. Seconds without a value (NaN) are skipped; cuts fall on seconds that have one.
 */
final class Leading {
    /** Fewer values than this give no spread to judge a level against. */
    static final int MIN_VALUES = 10;
    /** The fewest values a level after a cut rests on. */
    static final int MIN_REST = 5;
    /** Shewhart's control limit, in standard deviations. */
    static final double LIMIT_SIGMAS = 3;
    /** The median of |N(0, 2)|: the median moving range of unit-variance noise. */
    static final double MEDIAN_MOVING_RANGE = 0.954;

    /**
     * What a series' start did: the steady part starts at second {@code steadyFrom} (an index into the series, 0 when
     * the start was like the rest); {@code movedAt} is where a level changed again after it (-1: it held still).
     * {@code noise} is the series' second-to-second noise the limits used.
     */
    record Lead(int steadyFrom, int movedAt, double noise) {
        boolean settled() {
            return movedAt < 0;
        }
    }

    private Leading() {
    }

    /** The start of {@code series} and whether the rest held still, or null when nothing moved. */
    static Lead find(double[] series, double floor) {
        int[] at = IntStream.range(0, series.length).filter(i -> !Double.isNaN(series[i])).toArray();
        int n = at.length;
        if (n < MIN_VALUES) {
            return null;
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = series[at[i]];
        }
        double noise = noise(v);
        // The start, cut again from where it ended while a cut stands: a start that decays in steps ends at its last.
        int start = 0;
        while (true) {
            int d = mser(v, start, n / 2);
            int cut = d <= start ? start : Math.max(start + 1, settles(v, d, noise));
            if (cut == start || differs(v, start, cut, noise, floor) == 0) {
                break;
            }
            start = cut;
        }
        // Every split in the second half that stands the three tests is a level still moving; the likeliest is the one
        // a single step fits best (the largest difference of means, weighted by the parts' sizes).
        int moved = -1;
        double best = 0;
        for (int e = Math.max(start + 1, n / 2 + 1); e <= n - MIN_REST; e++) {
            if (differs(v, start, e, noise, floor) != 0) {
                double fit = step(v, start, e);
                if (fit > best) {
                    best = fit;
                    moved = e;
                }
            }
        }
        if (start == 0 && moved < 0) {
            return null;
        }
        return new Lead(at[start], moved < 0 ? -1 : at[moved], noise);
    }

    /**
     * The cut in [{@code from}, {@code most}] of {@code v}[{@code from}..] with the smallest standard error of the mean
     * left; the first of equals ({@code from} when nothing is better).
     */
    static int mser(double[] v, int from, int most) {
        int n = v.length;
        double[] sum = new double[n + 1];
        double[] squares = new double[n + 1];
        for (int i = n - 1; i >= from; i--) {
            sum[i] = sum[i + 1] + v[i];
            squares[i] = squares[i + 1] + v[i] * v[i];
        }
        int best = from;
        double bestError = Double.POSITIVE_INFINITY;
        for (int d = from; d <= Math.min(most, n - 1); d++) {
            double k = n - d;
            double mean = sum[d] / k;
            double scatter = Math.max(0, squares[d] - k * mean * mean);
            double error = scatter / (k * k);
            // Relative tolerance: sums of squares cancel, and noise in the last digits must not move the cut.
            if (error < bestError * (1 - 1e-9)) {
                best = d;
                bestError = error;
            }
        }
        return best;
    }

    /**
     * The first second of the steady part, from the cut {@code d}: MSER may take a few seconds of the rest with the
     * start when dropping them narrows the interval; seconds just before the cut that lie inside the steady part's
     * control limits (its median ± 3 × noise) belong to it.
     */
    static int settles(double[] v, int d, double noise) {
        double m = median(Arrays.copyOfRange(v, d, v.length));
        int from = d;
        while (from > 1 && Math.abs(v[from - 1] - m) <= LIMIT_SIGMAS * noise) {
            from--;
        }
        return from;
    }

    /** How well one step at {@code cut} fits v[from..]: |mean before − mean after| × √(before × after / all). */
    private static double step(double[] v, int from, int cut) {
        double before = 0;
        double after = 0;
        for (int i = from; i < v.length; i++) {
            if (i < cut) {
                before += v[i];
            } else {
                after += v[i];
            }
        }
        double nb = cut - from;
        double na = v.length - cut;
        return Math.abs(before / nb - after / na) * Math.sqrt(nb * na / (nb + na));
    }

    /**
     * How far the median of v[from..cut) lies from the median of v[cut..] when the two are unlike in the three ways
     * the class comment lists; 0 when they are alike.
     */
    private static double differs(double[] v, int from, int cut, double noise, double floor) {
        double[] before = Arrays.copyOfRange(v, from, cut);
        double[] after = Arrays.copyOfRange(v, cut, v.length);
        double shift = median(before) - median(after);
        boolean unlike = Math.abs(shift) > LIMIT_SIGMAS * noise && Math.abs(shift) >= floor
                && beyondEveryStretch(mean(before), after, Math.min(before.length, after.length), shift > 0);
        return unlike ? shift : 0;
    }

    /**
     * The spread of one value from the next: the median moving range / 0.954 (the median of |N(0, 2σ²)| being
     * 0.954 σ), which a spike or a step moves no more than any other range; 0 with fewer than two values.
     */
    static double noise(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double[] ranges = new double[v.length - 1];
        for (int i = 1; i < v.length; i++) {
            ranges[i - 1] = Math.abs(v[i] - v[i - 1]);
        }
        return median(ranges) / MEDIAN_MOVING_RANGE;
    }

    private static boolean beyondEveryStretch(double mean, double[] after, int length, boolean above) {
        double window = 0;
        for (int i = 0; i < after.length; i++) {
            window += after[i];
            if (i >= length) {
                window -= after[i - length];
            }
            if (i >= length - 1) {
                double m = window / length;
                if (above ? m >= mean : m <= mean) {
                    return false;
                }
            }
        }
        return true;
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        int n = s.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }
}
