package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.format.summary.Summary;

/**
 * Gunther's Universal Scalability Law, X(N) = λN / (1 + σ(N − 1) + κN(N − 1)): σ is contention (the serial part),
 * κ coherency (the cost of threads talking to each other). Fitted by least squares on a sweep's (threads,
 * throughput) points: a grid over σ and κ with λ solved in closed form at each, then Gauss–Newton steps.
 */
public record UslFit(double lambda, double sigma, double kappa) {
    /** Fewer distinct thread counts than this leave σ and κ undetermined. */
    static final int MIN_POINTS = 3;
    /** The recommended count is the smallest reaching this share of the fitted peak: past it threads buy little. */
    static final double NEAR_PEAK = 0.95;

    public double predict(double n) {
        return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
    }

    /** Throughput peaks at √((1 − σ) / κ); unbounded (infinite) without coherency cost. */
    public double peak() {
        return kappa > 0 ? Math.sqrt(Math.max(0, 1 - sigma) / kappa) : Double.POSITIVE_INFINITY;
    }

    /** The smallest N in [1, limit] whose predicted throughput reaches {@link #NEAR_PEAK} of the best in that range. */
    public int recommend(int limit) {
        double best = 0;
        for (int n = 1; n <= limit; n++) {
            best = Math.max(best, predict(n));
        }
        for (int n = 1; n <= limit; n++) {
            if (predict(n) >= NEAR_PEAK * best) {
                return n;
            }
        }
        return limit;
    }

    /** Least-squares fit; null with fewer than {@link #MIN_POINTS} distinct N or no positive throughput. */
    public static UslFit fit(double[] n, double[] x) {
        if (new java.util.HashSet<>(java.util.Arrays.stream(n).boxed().toList()).size() < MIN_POINTS
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
     * Sentences for a thread sweep: the fit, the recommendation from it, and predicted against measured at every
     * setting the sweep has. Empty when the sweep has fewer than {@link #MIN_POINTS} thread counts with a throughput.
     */
    static List<String> sentences(List<ComparedRun> runs) {
        TreeMap<Double, Double> points = new TreeMap<>();
        for (ComparedRun r : runs) {
            Double n = RunSet.number(r.value());
            Double x = r.number(Summary.THROUGHPUT_RPS);
            if (n != null && n >= 1 && x != null) {
                points.merge(n, x, Math::max);
            }
        }
        double[] n = points.keySet().stream().mapToDouble(Double::doubleValue).toArray();
        double[] x = points.values().stream().mapToDouble(Double::doubleValue).toArray();
        UslFit fit = fit(n, x);
        if (fit == null) {
            return List.of();
        }
        List<String> s = new ArrayList<>();
        double peak = fit.peak();
        s.add(Messages.format("compare.usl.fit", num(fit.sigma()), small(fit.kappa()), num(fit.lambda()),
                Double.isInfinite(peak) ? "none" : num(Math.max(1, peak))));
        int limit = (int) Math.max(1, Math.min(100_000, 4 * n[n.length - 1]));
        int rec = fit.recommend(limit);
        s.add(Messages.format("compare.usl.recommend", rec, num(fit.predict(rec)), num(100 * NEAR_PEAK),
                limit));
        List<String> per = new ArrayList<>();
        for (int i = 0; i < n.length; i++) {
            double p = fit.predict(n[i]);
            double err = 100 * (p - x[i]) / x[i];
            per.add(Messages.format("compare.usl.point", num(n[i]), num(x[i]), num(p),
                    Math.abs(err) < 0.05 ? "0" : (err > 0 ? "+" : "") + num(err)));
        }
        s.add(Messages.format("compare.usl.points", String.join("; ", per)));
        return s;
    }
}
