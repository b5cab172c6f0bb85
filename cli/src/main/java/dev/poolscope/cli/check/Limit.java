package dev.poolscope.cli.check;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A bound as the user wrote it, in summary.json's units: times to milliseconds ({@code 800ms}, {@code 1.5s}), shares
 * from percent ({@code 1%} is 0.01), other numbers as they are.
 */
record Limit(double value, String text) {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|%)?");

    /** Parses {@code text} for {@code field}; throws IllegalArgumentException with the one-line reason. */
    static Limit parse(String text, SummaryField field) {
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("limit '" + text + "' for " + field.name()
                    + " must be a number with "
                    + (field.time() ? "ms or s (800ms, 1.5s)" : "no unit or % (0.01, 1%)"));
        }
        double n = Double.parseDouble(m.group(1));
        String unit = m.group(2);
        if (field.time()) {
            if (unit == null || unit.equals("%")) {
                throw new IllegalArgumentException(
                        field.name() + " is a time: write its limit with ms or s (800ms, 1.5s), got '" + text
                                + "'");
            }
            return new Limit(unit.equals("s") ? n * 1000 : n, text.trim());
        }
        if (unit != null && !unit.equals("%")) {
            throw new IllegalArgumentException(
                    field.name() + " is not a time: write a plain number or a percent, got '" + text + "'");
        }
        return new Limit(unit == null ? n : n / 100, text.trim());
    }
}
