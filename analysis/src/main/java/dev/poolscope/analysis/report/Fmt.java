package dev.poolscope.analysis.report;

import java.util.Locale;

/** Number formatting for the views. */
final class Fmt {
    private Fmt() {
    }

    static String ms(double ms) {
        return Plot.tick(ms) + " ms";
    }

    static String pct(double p) {
        return String.format(Locale.ROOT, "%.1f%%", p);
    }

    static String num(double v) {
        return Double.isNaN(v) ? "n/a" : Plot.tick(v);
    }
}
