package dev.poolscope.analysis.rules;

/**
 * A rule's limit on one measured value: at {@code info} the score is 25, at {@code warning} 75 (as in JDK Mission
 * Control's rules, which pass 75 at the limit).
 */
public record Threshold(String name, double info, double warning, Unit unit) {

    /** 0–100: linear up to info (0–25) and warning (25–75), then approaching 100. */
    public int score(double value) {
        if (!(value > 0)) {
            return 0;
        }
        double s;
        if (value < info) {
            s = 25 * value / info;
        } else if (value < warning) {
            s = 25 + 50 * (value - info) / (warning - info);
        } else {
            s = 75 + 25 * (1 - Math.exp(-(value - warning) / warning));
        }
        return (int) Math.max(0, Math.min(100, Math.round(s)));
    }
}
