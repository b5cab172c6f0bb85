package dev.poolscope.analysis.compare;

import dev.poolscope.format.summary.Summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A figure over a numeric knob: one line per setting of the other knobs, the median with the repeats' range. */
public final class Lines {

    /** One line; {@code lo}/{@code hi} equal {@code ys} when not repeated. */
    public record Series(String name, double[] xs, double[] ys, double[] lo, double[] hi) {
    }

    private Lines() {
    }

    /**
     * The knob to draw along x: the first of {@code preferred} whose values are all numbers (at least two), else the
     * first such knob at all; null when none is.
     */
    public static String xKnob(List<Cell> cells, List<String> knobs, List<String> preferred) {
        for (String k : preferred) {
            if (numeric(cells, k)) {
                return k;
            }
        }
        return knobs.stream().filter(k -> numeric(cells, k)).findFirst().orElse(null);
    }

    static boolean numeric(List<Cell> cells, String knob) {
        java.util.Set<Double> values = new java.util.HashSet<>();
        for (Cell c : cells) {
            Double v = RunSet.number(c.setting().get(knob));
            if (v == null) {
                return false;
            }
            values.add(v);
        }
        return values.size() >= 2;
    }

    /** The lines of {@code path} over {@code x}; a share or a byte count is drawn as the table shows it. */
    public static List<Series> of(List<Cell> cells, String x, List<String> knobs, String path) {
        List<String> others = knobs.stream().filter(k -> !k.equals(x)).toList();
        Map<String, List<Cell>> groups = new LinkedHashMap<>();
        for (Cell c : cells) {
            groups.computeIfAbsent(Pivot.text(Pivot.project(c.setting(), others), false),
                    k -> new ArrayList<>()).add(c);
        }
        double scale = path.endsWith("_bytes") ? 1.0 / 1048576 : isShare(path) ? 100 : 1;
        List<Series> out = new ArrayList<>();
        groups.forEach((name, group) -> {
            List<Cell> sorted = new ArrayList<>(group);
            sorted.sort((a, b) -> Double.compare(RunSet.number(a.setting().get(x)),
                    RunSet.number(b.setting().get(x))));
            List<double[]> points = new ArrayList<>();
            for (Cell c : sorted) {
                Double y = c.median().number(path);
                if (y == null) {
                    continue;
                }
                double[] r = c.range(path);
                points.add(new double[]{RunSet.number(c.setting().get(x)), y * scale,
                        (r == null ? y : r[0]) * scale, (r == null ? y : r[1]) * scale});
            }
            if (!points.isEmpty()) {
                out.add(new Series(name, col(points, 0), col(points, 1), col(points, 2), col(points, 3)));
            }
        });
        return out;
    }

    static boolean isShare(String path) {
        return path.equals(Summary.CPU_PROCESS) || path.equals(Summary.CPU_MACHINE)
                || path.equals(Summary.ERROR_RATE)
                || path.endsWith("_share");
    }

    private static double[] col(List<double[]> points, int i) {
        return points.stream().mapToDouble(p -> p[i]).toArray();
    }
}
