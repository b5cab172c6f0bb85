package dev.poolscope.analysis.compare;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.Properties;

/**
 * The comparison's sentences: templates in {@code explain.properties}, {@code explain.*} for an experiment's
 * explanation, {@code compare.*} for the verdict, rankings, spread and fit.
 */
final class Sentences {
    private static final Properties TEXT = load();

    private Sentences() {
    }

    /** The sentence {@code key} with its arguments, already formatted numbers and labels. */
    static String format(String key, Object... args) {
        String pattern = TEXT.getProperty(key);
        if (pattern == null) {
            throw new IllegalStateException("no sentence " + key);
        }
        return new MessageFormat(pattern, Locale.ROOT).format(args);
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Sentences.class.getResourceAsStream("explain.properties")) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
