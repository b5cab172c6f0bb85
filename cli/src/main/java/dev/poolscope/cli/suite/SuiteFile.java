package dev.poolscope.cli.suite;

import dev.poolscope.cli.Durations;
import dev.poolscope.cli.UserError;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A suite's definition file, {@code DIR/NAME.properties}: a scenario in scenarios/ or an experiment in experiments/.
 * The one loader of both: it lists a folder's files, refuses keys it does not know, and reads values typed, each
 * message naming the file and the key.
 */
final class SuiteFile {
    private final String name;
    private final String where;
    private final Properties p;

    private SuiteFile(String name, String where, Properties p) {
        this.name = name;
        this.where = where;
        this.p = p;
    }

    /** Every {@code .properties} file in {@code dir}, by name, read by {@code of}; {@code kind} names the folder. */
    static <T> List<T> all(Path dir, String kind, Function<SuiteFile, T> of) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new UserError("no " + kind + " folder " + dir);
        }
        List<T> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".properties")).sorted()
                    .toList()) {
                out.add(of.apply(read(f)));
            }
        }
        return out;
    }

    static SuiteFile read(Path file) throws IOException {
        String fileName = file.getFileName().toString();
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return new SuiteFile(fileName.substring(0, fileName.length() - ".properties".length()),
                file.toString(), p);
    }

    /** The file's name without {@code .properties}: the scenario's or experiment's name. */
    String name() {
        return name;
    }

    /** The file, for messages. */
    String where() {
        return where;
    }

    /**
     * Refuses a key that is not {@code known} and does not match {@code indexed} (null: no such keys), described by
     * {@code indexedForm} in the message (e.g. {@code note.N}).
     */
    void allowOnly(Set<String> known, Pattern indexed, String indexedForm) {
        for (String k : new TreeSet<>(p.stringPropertyNames())) {
            if (!known.contains(k) && (indexed == null || !indexed.matcher(k).matches())) {
                throw new UserError(where + ": unknown key '" + k + "' (known: "
                        + String.join(", ", new TreeSet<>(known))
                        + (indexedForm == null ? "" : ", " + indexedForm) + ")");
            }
        }
    }

    Set<String> keys() {
        return p.stringPropertyNames();
    }

    /** The value, trimmed, or {@code fallback} when the key is absent. */
    String get(String key, String fallback) {
        String v = p.getProperty(key);
        return v == null ? fallback : v.trim();
    }

    String required(String key) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new UserError(where + ": '" + key + "' is required");
        }
        return v.trim();
    }

    /** Whitespace-separated words; none when absent or blank. */
    List<String> words(String key) {
        return split(get(key, ""));
    }

    /** {@code s} split at whitespace; none when null or blank. */
    static List<String> split(String s) {
        return s == null || s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }

    /** {@code k=v k=v} words: plan properties. */
    Map<String, String> pairs(String key) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String w : words(key)) {
            int eq = w.indexOf('=');
            if (eq < 1) {
                throw new UserError(where + ": plan properties are k=v, got '" + w + "'");
            }
            out.put(w.substring(0, eq), w.substring(eq + 1));
        }
        return out;
    }

    /** A duration in whole seconds ({@code 60}, {@code 60s}, {@code 2m}); {@code fallback} null: required. */
    int seconds(String key, String fallback) {
        String v = get(key, fallback);
        if (v == null) {
            throw new UserError(where + ": '" + key + "' is required");
        }
        return Durations.seconds(v, where + ": " + key);
    }

    /** A whole number of at least 1, or null when absent. */
    Integer whole(String key) {
        String v = p.getProperty(key);
        if (v == null) {
            return null;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the message
        }
        throw new UserError(where + ": " + key + " must be a whole number ≥ 1, got '" + v + "'");
    }

    /** {@code prefix.NAME = value} (NAME without dots), by NAME in sorted order. */
    Map<String, String> prefixed(String prefix) {
        Map<String, String> out = new LinkedHashMap<>();
        p.stringPropertyNames().stream()
                .filter(k -> k.startsWith(prefix) && !k.substring(prefix.length()).contains("."))
                .sorted().forEach(k -> out.put(k.substring(prefix.length()), p.getProperty(k).trim()));
        return out;
    }

    /** {@code prefix.1}, {@code prefix.2}, ... in numeric order. */
    Map<Integer, String> indexed(String prefix) {
        Map<Integer, String> out = new TreeMap<>();
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith(prefix) && k.substring(prefix.length()).matches("\\d+")) {
                out.put(Integer.parseInt(k.substring(prefix.length())), p.getProperty(k).trim());
            }
        }
        return out;
    }
}
