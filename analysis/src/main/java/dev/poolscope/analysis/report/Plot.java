package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An SVG chart as plain data: the template draws it with escaped attributes, so no markup is ever built from
 * strings here. Coordinates are pixels inside a fixed viewBox with margins for axes.
 */
public final class Plot {
    public static final int LEFT = 60;
    public static final int TOP = 12;
    public static final int BOTTOM = 34;
    public static final int RIGHT = 12;
    static final String GRID = "#e5e5e5";

    public record Rect(double x, double y, double w, double h, String fill, String title) {
    }

    public record Dot(double x, double y, String fill, String title) {
    }

    public record Line(String points, String stroke) {
    }

    public record Text(double x, double y, String text, String anchor) {
    }

    public record Legend(String label, String color) {
    }

    private final int width;
    private final int height;
    private final int left;
    private final double x0;
    private final double x1;
    private final double y0;
    private final double y1;
    private final List<Rect> rects = new ArrayList<>();
    private final List<Dot> dots = new ArrayList<>();
    private final List<Line> lines = new ArrayList<>();
    private final List<Text> texts = new ArrayList<>();
    private final List<Legend> legend = new ArrayList<>();

    /** Data range [x0,x1] × [y0,y1] drawn into width × height pixels. */
    public Plot(int width, int height, double x0, double x1, double y0, double y1) {
        this(width, height, LEFT, x0, x1, y0, y1);
    }

    /** With {@code left} pixels left of the data for row labels longer than a tick. */
    Plot(int width, int height, int left, double x0, double x1, double y0, double y1) {
        this.width = width;
        this.height = height;
        this.left = left;
        this.x0 = x0;
        this.x1 = x1 > x0 ? x1 : x0 + 1;
        this.y0 = y0;
        this.y1 = y1 > y0 ? y1 : y0 + 1;
    }

    public double px(double x) {
        return left + (x - x0) / (x1 - x0) * (width - left - RIGHT);
    }

    public double py(double y) {
        return height - BOTTOM - (y - y0) / (y1 - y0) * (height - TOP - BOTTOM);
    }

    /** Ticks and grid on both axes; the y axis's label above the data, right of its ticks. */
    Plot axes(String xLabel, String yLabel) {
        xAxis(xLabel);
        return yAxis(yLabel);
    }

    /** Ticks and grid on the y axis only, its label above the data: for bars whose x is a category. */
    Plot yAxis(String yLabel) {
        List<Double> ys = ticks(y0, y1);
        for (double yv : ys) {
            texts.add(new Text(left - 4, py(yv) + 4, label(yv, ys), "end"));
            lines.add(new Line(fmt(left) + "," + fmt(py(yv)) + " " + fmt(width - RIGHT) + "," + fmt(py(yv)),
                    GRID));
        }
        texts.add(new Text(left, TOP - 2, yLabel, "start"));
        return this;
    }

    /** Ticks on the x axis only: for rows (threads, requests, settings), whose y is a position, not a value. */
    Plot xAxis(String xLabel) {
        List<Double> xs = ticks(x0, x1);
        for (double xv : xs) {
            texts.add(new Text(px(xv), height - BOTTOM + 14, label(xv, xs), "middle"));
        }
        return xLabel(xLabel);
    }

    /** A category's name under the x axis, centred on data x. */
    Plot category(double x, String name) {
        texts.add(new Text(r1(px(x)), height - BOTTOM + 14, name, "middle"));
        return this;
    }

    /** What the x axis shows, below its ticks or category names. */
    Plot xLabel(String xLabel) {
        texts.add(new Text((left + width - RIGHT) / 2.0, height - 4, xLabel, "middle"));
        return this;
    }

    /**
     * Round values between {@code lo} and {@code hi} for ticks: multiples of 1, 2 or 5 times a power of ten, the
     * step chosen so that about four intervals fit (a reader reads 0, 500, 1000 at a glance, not 346, 691, 1037).
     */
    static List<Double> ticks(double lo, double hi) {
        double span = hi - lo;
        List<Double> out = new ArrayList<>();
        if (!(span > 0) || Double.isInfinite(span)) {
            out.add(lo);
            return out;
        }
        double raw = span / 4;
        double power = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / power;
        double step = (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * power;
        // Multiples of the step, counted as integers so that 0.1 + 0.2 never draws a tick at 0.30000000000000004.
        long first = (long) Math.ceil(lo / step - 1e-9);
        long last = (long) Math.floor(hi / step + 1e-9);
        for (long k = first; k <= last; k++) {
            out.add(k * step);
        }
        return out;
    }

    /** Left of the data, where row labels end. */
    double labelX() {
        return left - 4;
    }

    /** A bar from data (x, yLow) to (x + w, yHigh). */
    void bar(double x, double w, double yLow, double yHigh, String fill, String title) {
        double top = py(yHigh);
        double bottom = py(yLow);
        rects.add(new Rect(r1(px(x)), r1(top), r1(Math.max(0.5, px(x + w) - px(x))),
                r1(Math.max(0, bottom - top)), fill,
                title));
    }

    void pixelRect(double x, double y, double w, double h, String fill, String title) {
        rects.add(new Rect(x, y, w, h, fill, title));
    }

    void dot(double x, double y, String fill, String title) {
        dots.add(new Dot(r1(px(x)), r1(py(y)), fill, title));
    }

    void line(double[] xs, double[] ys, String stroke) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            sb.append(fmt(px(xs[i]))).append(',').append(fmt(py(ys[i]))).append(' ');
        }
        lines.add(new Line(sb.toString().trim(), stroke));
    }

    void text(double px, double py, String text, String anchor) {
        texts.add(new Text(r1(px), r1(py), text, anchor));
    }

    void legend(String label, String color) {
        legend.add(new Legend(label, color));
    }

    /** A tick's value with as many decimals as its step needs: 0, 0.2, 0.4 (not 0.20); 500, 1000. */
    static String label(double v, List<Double> ticks) {
        if (v == 0) {
            return "0";
        }
        if (ticks.size() < 2) {
            return tick(v);
        }
        double step = ticks.get(1) - ticks.get(0);
        int decimals = (int) Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    static String tick(double v) {
        double a = Math.abs(v);
        return a >= 100 || a == Math.rint(a)
                ? String.format(Locale.ROOT, "%.0f", v)
                : String.format(Locale.ROOT, a >= 1 ? "%.1f" : "%.2f", v);
    }

    /** One decimal is plenty for pixels and keeps a 20k-point plot small. */
    private static double r1(double v) {
        return Math.round(v * 10) / 10.0;
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public String viewBox() {
        return "0 0 " + width + " " + height;
    }

    public List<Rect> rects() {
        return rects;
    }

    public List<Dot> dots() {
        return dots;
    }

    public List<Line> lines() {
        return lines;
    }

    public List<Text> texts() {
        return texts;
    }

    public List<Legend> legend() {
        return legend;
    }
}
