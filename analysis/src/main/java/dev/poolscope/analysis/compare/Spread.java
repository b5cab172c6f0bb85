package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

/**
 * How far apart identical runs land for one figure, and so how far apart two settings must be before one is called
 * better. The noise of a shared machine (other processes on the same cores, JMeter beside the app, the JIT's and the
 * caches' state at the start) stretches every setting's times by a factor, so the spread is measured on the logarithm
 * of the figure, pooled over every setting that ran more than once: a standard deviation {@code sd} with {@code df}
 * degrees of freedom. Two settings differ when their log difference exceeds t(df) · sd · √(1/n_a + 1/n_b), Student's
 * t at the two-sided 95 % level: a gap that noise of the measured size leaves less than once in twenty comparisons.
 * <p>
 * When every setting ran in the same rounds (a sweep's {@code --repeat}, interleaved A B C A B C), the machine's load
 * drifts between rounds and moves a whole round together (measured: docs/lab/sweep-noise.md), so settings are
 * compared round by round ({@code byRound}): the spread is what is left after each setting's and each round's own
 * level are taken out (two-way analysis, df = (settings − 1)(rounds − 1)) and a pair's difference is the mean of its
 * per-round log ratios. Otherwise the spread is each setting's runs around their own mean (df = Σ (runs − 1)) and a
 * pair's difference is that of their medians. Without any repeat there is nothing to measure, so the spread measured on
 * identical runs on the build machine stands in ({@link #floor}), and the sentences say the figures rest on one run.
 */
public record Spread(String path, double sd, int df, int runs, int settings, boolean measured,
        boolean byRound) {

    /**
     * Identical runs on the 2-core build machine, shared with other builds (docs/lab/sweep-noise.md, 2025-11-25: 17 runs
     * of 7 settings in two thread sweeps of the lab app under vu500): per figure the pooled standard deviation of
     * ln(figure) around each setting's mean, with 10 degrees of freedom. Used only when no setting of a comparison
     * repeated; any other figure takes the largest.
     */
    static final Map<String, Spread> FLOOR = Map.of(
            SummaryPaths.CLIENT_P99, new Spread(SummaryPaths.CLIENT_P99, 0.315, 10, 17, 7, false, false),
            Summary.THROUGHPUT_RPS, new Spread(Summary.THROUGHPUT_RPS, 0.387, 10, 17, 7, false, false),
            SummaryPaths.SERVER_P99, new Spread(SummaryPaths.SERVER_P99, 0.429, 10, 17, 7, false, false));

    /** t(0.975, df) for df = 1..30 (any statistics table); beyond 30, 1.96 + 2.5/df is within 0.003 of it. */
    private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
            2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
            2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

    /** The spread of {@code path} over the cells' repeats; the {@link #floor} for it when no cell has two runs of it. */
    public static Spread of(List<Cell> cells, String path) {
        Spread rounds = byRound(cells, path);
        if (rounds != null) {
            return rounds;
        }
        double ss = 0;
        int df = 0;
        int runs = 0;
        int settings = 0;
        for (Cell c : cells) {
            double[] logs = logs(c, path).values().stream().mapToDouble(Double::doubleValue).toArray();
            if (logs.length < 2) {
                logs = c.runs().stream().map(r -> r.number(path)).filter(v -> v != null && v > 0)
                        .mapToDouble(Math::log).toArray();
            }
            if (logs.length < 2) {
                continue;
            }
            double mean = Arrays.stream(logs).average().orElse(0);
            for (double l : logs) {
                ss += (l - mean) * (l - mean);
            }
            df += logs.length - 1;
            runs += logs.length;
            settings++;
        }
        if (df == 0) {
            return floor(path);
        }
        return new Spread(path, Math.sqrt(ss / df), df, runs, settings, true, false);
    }

    /** What stands in for a comparison without repeats. */
    static Spread floor(String path) {
        Spread f = FLOOR.getOrDefault(path,
                FLOOR.values().stream().max(java.util.Comparator.comparingDouble(Spread::sd)).orElseThrow());
        return new Spread(path, f.sd, f.df, f.runs, f.settings, false, false);
    }

    /** Two-way (setting × round) residual spread; null unless at least two settings ran in the same two or more rounds. */
    private static Spread byRound(List<Cell> cells, String path) {
        List<Map<Integer, Double>> rows = new ArrayList<>();
        for (Cell c : cells) {
            Map<Integer, Double> row = logs(c, path);
            if (row.size() < 2 || row.size() != c.runs().size()
                    || (!rows.isEmpty() && !row.keySet().equals(rows.getFirst().keySet()))) {
                return null;
            }
            rows.add(row);
        }
        if (rows.size() < 2) {
            return null;
        }
        List<Integer> rounds = List.copyOf(rows.getFirst().keySet());
        int k = rows.size();
        int r = rounds.size();
        double all = rows.stream().flatMap(m -> m.values().stream()).mapToDouble(Double::doubleValue).sum()
                / (k * r);
        double[] setting = rows.stream().mapToDouble(m -> m.values().stream().mapToDouble(Double::doubleValue)
                .average().orElse(0)).toArray();
        double[] round = rounds.stream().mapToDouble(j -> rows.stream().mapToDouble(m -> m.get(j)).average()
                .orElse(0)).toArray();
        double ss = 0;
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < r; j++) {
                double e = rows.get(i).get(rounds.get(j)) - setting[i] - round[j] + all;
                ss += e * e;
            }
        }
        int df = (k - 1) * (r - 1);
        return new Spread(path, Math.sqrt(ss / df), df, k * r, k, true, true);
    }

    /** ln(figure) of each run by its round; empty when two runs share a round or one lacks the figure. */
    private static Map<Integer, Double> logs(Cell c, String path) {
        Map<Integer, Double> out = new TreeMap<>();
        for (ComparedRun run : c.runs()) {
            Double v = run.number(path);
            if (v == null || v <= 0 || out.put(run.repeat(), Math.log(v)) != null) {
                return Map.of();
            }
        }
        return out;
    }

    static double t(int df) {
        return df <= 0 ? Double.POSITIVE_INFINITY : df <= T975.length ? T975[df - 1] : 1.96 + 2.5 / df;
    }

    /** The smallest ratio (as a share: 0.14 = 14 %) between two settings of n_a and n_b runs that is not a tie. */
    public double margin(int na, int nb) {
        return Math.expm1(t(df) * sd * Math.sqrt(1.0 / Math.max(1, na) + 1.0 / Math.max(1, nb)));
    }

    /** Whether two medians of n_a and n_b runs are further apart than the noise allows; false when one is missing. */
    public boolean differ(Double a, int na, Double b, int nb) {
        if (a == null || b == null || a <= 0 || b <= 0) {
            return false;
        }
        return Math.abs(Math.log(a / b)) > Math.log1p(margin(na, nb));
    }

    /** Round by round when {@link #byRound}, else by the medians. */
    public boolean differ(Cell a, Cell b) {
        if (byRound) {
            Map<Integer, Double> la = logs(a, path);
            Map<Integer, Double> lb = logs(b, path);
            if (!la.isEmpty() && la.keySet().equals(lb.keySet())) {
                double mean = la.keySet().stream().mapToDouble(j -> la.get(j) - lb.get(j)).average()
                        .orElse(0);
                return Math.abs(mean) > Math.log1p(margin(la.size(), lb.size()));
            }
        }
        return differ(a.median().number(path), count(a), b.median().number(path), count(b));
    }

    /** How many of the cell's runs have the figure. */
    int count(Cell c) {
        return (int) c.runs().stream().filter(r -> r.number(path) != null).count();
    }

    /** One standard deviation as a share: e^sd − 1. */
    public double share() {
        return Math.expm1(sd);
    }

    /** The one sentence on how far apart identical runs land, and so what is a tie. */
    static String sentence(List<Cell> cells, List<Ranking.Figure> figures, Map<String, Spread> spreads) {
        Spread main = spreads.get(figures.getFirst().path());
        int fewest = main.measured()
                ? cells.stream().mapToInt(main::count).filter(n -> n > 0).min().orElse(1)
                : 1;
        List<String> sds = new ArrayList<>();
        List<String> margins = new ArrayList<>();
        for (Ranking.Figure f : figures) {
            Spread sp = spreads.get(f.path());
            sds.add(f.name() + " \u00b1" + num(100 * sp.share()) + "%");
            margins.add(num(100 * sp.margin(fewest, fewest)) + "% in " + f.name());
        }
        if (!main.measured()) {
            return Sentences.format("compare.spread.floor", Ranking.and(sds), Ranking.and(margins));
        }
        if (main.byRound()) {
            return Sentences.format("compare.spread.rounds", Integer.toString(main.settings()),
                    Integer.toString(main.runs() / main.settings()), Ranking.and(sds), Ranking.and(margins));
        }
        return Sentences.format("compare.spread.measured", Integer.toString(main.runs()),
                Integer.toString(main.settings()), Ranking.and(sds),
                fewest == 1 ? Sentences.format("compare.runs.one") : Sentences.format("compare.runs", fewest),
                Ranking.and(margins));
    }
}
