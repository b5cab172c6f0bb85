package dev.poolscope.analysis.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.Properties;

/**
 * Diagnosis sentences from {@code messages.properties}, keyed by rule id and outcome. Arguments are formatted
 * numbers (see {@link #num}) so MessageFormat never regroups them.
 */
public final class Messages {
    private static final Properties TEXT = load();

    private Messages() {
    }

    public static String format(String key, Object... args) {
        String pattern = TEXT.getProperty(key);
        if (pattern == null) {
            throw new IllegalStateException("no message " + key);
        }
        return new MessageFormat(pattern, Locale.ROOT).format(args);
    }

    /** 3 significant-ish digits: 1234 → "1234", 12.34 → "12.3", 0.1234 → "0.12". */
    public static String num(double v) {
        if (Double.isNaN(v)) {
            return "?";
        }
        double a = Math.abs(v);
        String f = a >= 100 || a == Math.rint(a) ? "%.0f" : a >= 1 ? "%.1f" : "%.2f";
        String s = String.format(Locale.ROOT, f, v);
        // 89.99999 is 90 to a reader, as an exact 90 would be.
        return f.equals("%.1f") && s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Messages.class.getResourceAsStream("messages.properties")) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
