package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import dev.poolscope.format.summary.Summary;

/**
 * Gunther's Universal Scalability Law, X(N) = λN / (1 + σ(N − 1) + κN(N − 1)): σ is contention (the serial part),
 * κ coherency (the cost of threads talking to each other). Fitted by least squares on a sweep's (threads,
 * throughput) points: a grid over σ and κ with λ solved in closed form at each, then Gauss–Newton steps.
 */
public record UslFit(double lambda, double sigma, double kappa) {
    /**
     * The law has three parameters, so three points are always met exactly; a fourth is the first the fit can miss,
     * and only a fit that could have missed says anything.
     */
    static final int MIN_POINTS = 4;
    /** The recommended count is the smallest reaching this share of the fitted peak: past it threads buy little. */
    static final double NEAR_PEAK = 0.95;

    public double predict(double n) {
        return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
    }

    /** Throughput peaks at √((1 − σ) / κ); unbounded (infinite) without coherency cost. */
    public double peak() {
        return kappa > 0 ? Math.sqrt(Math.max(0, 1 - sigma) / kappa) : Double.POSITIVE_INFINITY;
    }

    /**
     * The smallest N in [from, to] whose predicted throughput reaches {@link #NEAR_PEAK} of the best in that range:
     * only counts between the smallest and the largest measured, where the fit interpolates rather than guesses.
     */
    public int recommend(int from, int to) {
        double best = 0;
        for (int n = from; n <= to; n++) {
            best = Math.max(best, predict(n));
        }
        for (int n = from; n <= to; n++) {
            if (predict(n) >= NEAR_PEAK * best) {
                return n;
            }
        }
        return to;
    }

    /** Least-squares fit; null with fewer than 3 distinct N (σ and κ undetermined) or no positive throughput. */
    public static UslFit fit(double[] n, double[] x) {
        if (new java.util.HashSet<>(java.util.Arrays.stream(n).boxed().toList()).size() < 3
                || java.util.Arrays.stream(x).noneMatch(v -> v > 0)) {
            return null;
        }
        double[] best = {0, 0};
        double bestSse = Double.POSITIVE_INFINITY;
        for (int i = 0; i <= 100; i++) {
            double s = i / 100.0;
            for (int j = 0; j <= 80; j++) {
                double k = j == 0 ? 0 : Math.pow(10, -8 + j / 10.0);
                double sse = sse(n, x, s, k);
                if (sse < bestSse) {
                    bestSse = sse;
                    best = new double[]{s, k};
                }
            }
        }
        double s = best[0];
        double k = best[1];
        // Gauss–Newton on (σ, κ) with λ eliminated; a step is kept only when it lowers the error.
        for (int it = 0; it < 50; it++) {
            double hs = 1e-6;
            double hk = Math.max(1e-12, k * 1e-4);
            double[] r = residuals(n, x, s, k);
            double[] rs = residuals(n, x, s + hs, k);
            double[] rk = residuals(n, x, s, k + hk);
            double a = 0;
            double b = 0;
            double c = 0;
            double gs = 0;
            double gk = 0;
            for (int p = 0; p < r.length; p++) {
                double js = (rs[p] - r[p]) / hs;
                double jk = (rk[p] - r[p]) / hk;
                a += js * js;
                b += js * jk;
                c += jk * jk;
                gs += js * r[p];
                gk += jk * r[p];
            }
            double det = a * c - b * b;
            if (Math.abs(det) < 1e-30) {
                break;
            }
            double ds = -(c * gs - b * gk) / det;
            double dk = -(a * gk - b * gs) / det;
            double ns = Math.min(1, Math.max(0, s + ds));
            double nk = Math.max(0, k + dk);
            double now = sse(n, x, s, k);
            double next = sse(n, x, ns, nk);
            if (!(next < now) || now - next < 1e-12 * now) {
                break;
            }
            s = ns;
            k = nk;
        }
        return new UslFit(lambda(n, x, s, k), s, k);
    }

    /** Two significant digits without trailing zeros: 0.001, 0.0016, 0. */
    private static String small(double v) {
        return v == 0
                ? "0"
                : new java.math.BigDecimal(v).round(new java.math.MathContext(2)).stripTrailingZeros()
                        .toPlainString();
    }

    private static double shape(double n, double s, double k) {
        return n / (1 + s * (n - 1) + k * n * (n - 1));
    }

    /** For fixed σ and κ the model is linear in λ: λ = Σ x·g / Σ g². */
    private static double lambda(double[] n, double[] x, double s, double k) {
        double num = 0;
        double den = 0;
        for (int i = 0; i < n.length; i++) {
            double g = shape(n[i], s, k);
            num += x[i] * g;
            den += g * g;
        }
        return den == 0 ? 0 : num / den;
    }

    private static double[] residuals(double[] n, double[] x, double s, double k) {
        double l = lambda(n, x, s, k);
        double[] r = new double[n.length];
        for (int i = 0; i < n.length; i++) {
            r[i] = l * shape(n[i], s, k) - x[i];
        }
        return r;
    }

    private static double sse(double[] n, double[] x, double s, double k) {
        double sum = 0;
        for (double r : residuals(n, x, s, k)) {
            sum += r * r;
        }
        return sum;
    }

    /**
     * Sentences for a thread sweep, in the order they are checked: too few thread counts for a fit to be tested; a
     * throughput that stayed within the run-to-run spread (nothing for a curve to describe); a fit that misses a
     * measured point by more than the spread (the law does not describe the sweep); else the fit, the count it
     * recommends inside the measured range, never below the pool floor, or that the curve has not bent by the largest
     * count; and predicted against measured at every setting.
     */
    static List<String> sentences(List<Cell> cells, Spread spread, PoolFloor floor) {
        TreeMap<Double, Cell> points = new TreeMap<>();
        for (Cell c : cells) {
            Double n = PoolFloor.threads(c);
            Double x = c.median().number(Summary.THROUGHPUT_RPS);
            if (n != null && n >= 1 && x != null && x > 0) {
                points.putIfAbsent(n, c);
            }
        }
        if (points.size() < MIN_POINTS) {
            return List.of(Sentences.format("compare.usl.few", Integer.toString(points.size())));
        }
        List<Cell> at = List.copyOf(points.values());
        double[] n = points.keySet().stream().mapToDouble(Double::doubleValue).toArray();
        double[] x = at.stream().mapToDouble(c -> c.median().number(Summary.THROUGHPUT_RPS)).toArray();
        if (flat(at, spread)) {
            double lo = java.util.Arrays.stream(x).min().orElse(0);
            double hi = java.util.Arrays.stream(x).max().orElse(0);
            return List.of(Sentences.format("compare.usl.flat", num(n[0]), num(n[n.length - 1]), num(lo),
                    num(hi)));
        }
        UslFit fit = fit(n, x);
        int worst = -1;
        double worstErr = 0;
        for (int i = 0; i < n.length; i++) {
            double err = Math.abs(Math.log(fit.predict(n[i]) / x[i]));
            double allowed = Math.log1p(spread.margin(spread.count(at.get(i)), Integer.MAX_VALUE));
            if (err > allowed && err - allowed > worstErr) {
                worst = i;
                worstErr = err - allowed;
            }
        }
        if (worst >= 0) {
            return List.of(Sentences.format("compare.usl.misses", num(n[worst]),
                    num(100 * Math.abs(fit.predict(n[worst]) - x[worst]) / x[worst]), num(x[worst]),
                    num(fit.predict(n[worst])),
                    num(100 * spread.margin(spread.count(at.get(worst)), Integer.MAX_VALUE))));
        }
        List<String> s = new ArrayList<>();
        double peak = fit.peak();
        s.add(Sentences.format("compare.usl.fit", num(fit.sigma()), small(fit.kappa()), num(fit.lambda()),
                Double.isInfinite(peak) ? "none" : num(Math.max(1, peak))));
        int lo = (int) Math.ceil(n[0]);
        int hi = (int) Math.floor(n[n.length - 1]);
        int rec = fit.recommend(lo, hi);
        if (rec >= hi) {
            s.add(Sentences.format("compare.usl.nobend", num(hi), num(fit.predict(hi))));
        } else if (floor != null && rec < floor.size()) {
            int poolSize = floor.size();
            s.add(Sentences.format("compare.usl.recommend.floor", Integer.toString(poolSize),
                    floor.whereText(),
                    Integer.toString(rec), Integer.toString(lo), Integer.toString(hi),
                    num(fit.predict(poolSize))));
        } else {
            s.add(Sentences.format("compare.usl.recommend", Integer.toString(rec), Integer.toString(lo),
                    Integer.toString(hi), num(fit.predict(rec))));
        }
        List<String> per = new ArrayList<>();
        for (int i = 0; i < n.length; i++) {
            per.add(Sentences.format("compare.usl.point", num(n[i]), num(x[i]), num(fit.predict(n[i])),
                    percent(fit.predict(n[i]), x[i])));
        }
        s.add(Sentences.format("compare.usl.points", String.join("; ", per)));
        return s;
    }

    /** No two thread counts whose throughputs the spread can tell apart. */
    private static boolean flat(List<Cell> cells, Spread spread) {
        for (Cell a : cells) {
            for (Cell b : cells) {
                if (a != b && spread.differ(a, b)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Predicted against measured, signed: "+2.8", "-1.5", "0". */
    private static String percent(double predicted, double measured) {
        double err = 100 * (predicted - measured) / measured;
        return Math.abs(err) < 0.05 ? "0" : (err > 0 ? "+" : "") + num(err);
    }
}
