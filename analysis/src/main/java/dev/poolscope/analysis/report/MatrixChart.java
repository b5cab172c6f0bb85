package dev.poolscope.analysis.report;

import java.util.List;

import dev.poolscope.analysis.compare.Lines;

/** A matrix figure over a numeric knob: one coloured line per setting of the other knobs, whiskers for the range. */
public final class MatrixChart {
    static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
            "#e377c2",
            "#7f7f7f", "#bcbd22", "#17becf"};

    /** What the template draws: a title and the chart. */
    public record Chart(String title, Plot plot) {
    }

    private MatrixChart() {
    }

    public static Chart of(String figure, String xKnob, List<Lines.Series> series) {
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        double yMax = 0;
        for (Lines.Series s : series) {
            for (int i = 0; i < s.xs().length; i++) {
                xMin = Math.min(xMin, s.xs()[i]);
                xMax = Math.max(xMax, s.xs()[i]);
                yMax = Math.max(yMax, s.hi()[i]);
            }
        }
        if (series.isEmpty()) {
            return new Chart(figure, null);
        }
        double pad = (xMax - xMin) * 0.03;
        Plot p = new Plot(900, 220, xMin - pad, xMax + pad, 0, yMax <= 0 ? 1 : yMax * 1.08).axes(xKnob,
                figure);
        for (int i = 0; i < series.size(); i++) {
            Lines.Series s = series.get(i);
            String color = PALETTE[i % PALETTE.length];
            p.line(s.xs(), s.ys(), color);
            for (int j = 0; j < s.xs().length; j++) {
                String title = s.name() + (s.name().isEmpty() ? "" : ", ") + xKnob + "="
                        + Plot.tick(s.xs()[j]) + ": "
                        + Plot.tick(s.ys()[j]) + (s.lo()[j] != s.hi()[j]
                                ? " (" + Plot.tick(s.lo()[j]) + "–" + Plot.tick(s.hi()[j]) + ")"
                                : "");
                if (s.lo()[j] != s.hi()[j]) {
                    p.line(new double[]{s.xs()[j], s.xs()[j]}, new double[]{s.lo()[j], s.hi()[j]}, color);
                }
                p.dot(s.xs()[j], s.ys()[j], color, title);
            }
            p.legend(s.name().isEmpty() ? figure : s.name(), color);
        }
        return new Chart(figure, p);
    }
}
