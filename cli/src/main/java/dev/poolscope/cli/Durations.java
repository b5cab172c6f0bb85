package dev.poolscope.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** "60", "60s", "2m", "1m30s" to whole seconds. */
public final class Durations {

    private static final Pattern PART = Pattern.compile("(\\d+)([hms]?)");

    private Durations() {
    }

    public static int seconds(String text, String option) {
        String t = text == null ? "" : text.trim().toLowerCase(java.util.Locale.ROOT);
        if (t.isEmpty() || !t.matches("(\\d+[hms]?)+")) {
            throw new UserError(option + " must look like 60, 60s, 2m or 1m30s, got '" + text + "'");
        }
        long total = 0;
        Matcher m = PART.matcher(t);
        while (m.find()) {
            long n = Long.parseLong(m.group(1));
            total += switch (m.group(2)) {
                case "h" -> n * 3600;
                case "m" -> n * 60;
                default -> n;
            };
        }
        if (total > 24 * 3600) {
            throw new UserError(option + " must be at most 24h, got '" + text + "'");
        }
        return (int) total;
    }
}
