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
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A named experiment, read from {@code experiments/NAME.properties}: the sweep that reproduces a seed (plan, fixed app
 * options and plan properties, the knobs varied, named cases, durations, its quick form and caps) and the seed's
 * published tables with their source. Keys are documented in docs/reference/suites.md.
 */
record Experiment(String name, String title, String seed, String source, String seedSetup, List<String> notes,
        List<String> app, String plan, Map<String, String> props, Map<String, String> quickProps, String vary,
        String quickVary, Map<String, String> cases, Map<String, String> quickCases, String rows, String cols,
        int durationSeconds, int quickDurationSeconds, int warmupSeconds, int quickWarmupSeconds,
        Integer capVus,
        Integer quickCapVus, String capWhy, String quickWhy, String explain, List<SeedTable> tables) {

    /** A seed's published table: one figure (or one per row), a row per setting, a column per setting. */
    record SeedTable(String title, String figure, String unit, List<Column> columns, List<Row> rows,
            List<Unavailable> unavailable) {
    }

    /** A column: its heading and the knob values it stands for (none: the row alone decides). */
    record Column(String label, Map<String, String> setting) {
    }

    /** A row; {@code figure}/{@code unit} override the table's; a null value is a cell the seed did not publish. */
    record Row(String label, Map<String, String> setting, String figure, String unit, List<Double> values) {
    }

    /** Settings the seed has but this experiment cannot run, and why. */
    record Unavailable(Map<String, String> setting, String reason) {
    }

    static final List<String> EXPLAIN = List.of("capacity", "footprint", "throughput");
    private static final Pattern INDEXED = Pattern.compile(
            "(case|quick\\.case)\\.[a-z0-9-]+|note\\.\\d+|table\\.\\d+\\.(title|figure|unit|columns|row\\.\\d+|unavailable\\.\\d+)");
    private static final List<String> KEYS = List.of("title", "seed", "source", "seed.setup", "app", "plan",
            "props", "quick.props", "vary", "quick.vary", "rows", "cols", "duration", "quick.duration",
            "warmup",
            "quick.warmup", "cap.vus", "quick.cap.vus", "cap.why", "quick.why", "explain");

    /** Every experiment in {@code dir}, by name. */
    static List<Experiment> all(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new UserError("no experiment folder " + dir);
        }
        List<Experiment> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".properties")).sorted()
                    .toList()) {
                out.add(read(f));
            }
        }
        return out;
    }

    static Experiment read(Path file) throws IOException {
        String fileName = file.getFileName().toString();
        String name = fileName.substring(0, fileName.length() - ".properties".length());
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        String where = file.toString();
        for (String k : new java.util.TreeSet<>(p.stringPropertyNames())) {
            if (!KEYS.contains(k) && !INDEXED.matcher(k).matches()) {
                throw new UserError(where + ": unknown key '" + k + "'");
            }
        }
        Map<String, String> cases = prefixed(p, "case.");
        Map<String, String> quickCases = new LinkedHashMap<>(cases);
        quickCases.putAll(prefixed(p, "quick.case."));
        List<String> notes = new ArrayList<>(indexed(p, "note.").values());
        String explain = p.getProperty("explain", "capacity").trim();
        if (!EXPLAIN.contains(explain)) {
            throw new UserError(where + ": explain must be one of " + EXPLAIN + ", got '" + explain + "'");
        }
        int duration = seconds(p, "duration", null, where);
        int warmup = seconds(p, "warmup", "5s", where);
        Experiment e = new Experiment(name, required(p, "title", where), required(p, "seed", where),
                required(p, "source", where), p.getProperty("seed.setup", "").trim(), List.copyOf(notes),
                words(p.getProperty("app", "")), required(p, "plan", where),
                pairs(p.getProperty("props", ""), where),
                pairs(p.getProperty("quick.props", ""), where), required(p, "vary", where),
                p.getProperty("quick.vary", p.getProperty("vary")).trim(), cases, quickCases,
                p.getProperty("rows", "").trim(), p.getProperty("cols", "").trim(), duration,
                seconds(p, "quick.duration", p.getProperty("duration"), where), warmup,
                seconds(p, "quick.warmup", p.getProperty("warmup", "5s"), where), whole(p, "cap.vus", where),
                whole(p, "quick.cap.vus", where), p.getProperty("cap.why", "").trim(),
                p.getProperty("quick.why", "").trim(), explain, tables(p, where));
        e.matrix(false, 1);
        e.matrix(true, 1);
        return e;
    }

    /** The matrix of the full or quick form; cases checked against their definitions. */
    Matrix matrix(boolean quick, int repeat) {
        List<Matrix.Axis> axes = new ArrayList<>();
        for (String spec : (quick ? quickVary : vary).split(";")) {
            if (spec.isBlank()) {
                continue;
            }
            String s = spec.trim();
            if (s.startsWith("case=")) {
                List<String> values = List.of(s.substring(5).split(",")).stream().map(String::trim).toList();
                for (String v : values) {
                    if (!(quick ? quickCases : cases).containsKey(v)) {
                        throw new UserError(
                                name + ": case '" + v + "' is not defined (case." + v + " = ...)");
                    }
                    caseValues(v, quick);
                }
                axes.add(new Matrix.Axis(Knob.CASE, values));
            } else {
                axes.add(Matrix.parse(s));
            }
        }
        return new Matrix(axes, repeat);
    }

    /** What a case sets, e.g. {@code threads=200 vus=1000 prop:path=/api/ping}, as knob to checked value. */
    Map<Knob, String> caseValues(String caseName, boolean quick) {
        Map<Knob, String> out = new LinkedHashMap<>();
        for (String w : words((quick ? quickCases : cases).get(caseName))) {
            int eq = w.indexOf('=');
            if (eq < 1) {
                throw new UserError(name + ": case." + caseName + " takes knob=value words, got '" + w + "'");
            }
            Knob k = Knob.parse(w.substring(0, eq));
            out.put(k, k.check(w.substring(eq + 1), name + ": case." + caseName + " " + k.name()));
        }
        return out;
    }

    int loadSeconds(boolean quick) {
        return quick ? quickDurationSeconds : durationSeconds;
    }

    private static List<SeedTable> tables(Properties p, String where) {
        Map<Integer, List<String>> byIndex = new TreeMap<>();
        Pattern key = Pattern.compile("table\\.(\\d+)\\..*");
        for (String k : p.stringPropertyNames()) {
            Matcher m = key.matcher(k);
            if (m.matches()) {
                byIndex.computeIfAbsent(Integer.parseInt(m.group(1)), i -> new ArrayList<>()).add(k);
            }
        }
        List<SeedTable> out = new ArrayList<>();
        for (int i : byIndex.keySet()) {
            String t = "table." + i + ".";
            String w = where + ": " + t;
            List<Column> columns = new ArrayList<>();
            for (String c : required(p, t + "columns", where).split("\\|")) {
                String s = c.trim();
                Map<String, String> cs = s.equals("-") ? new LinkedHashMap<>() : setting(s, w + "columns");
                String label = cs.remove("label");
                columns.add(
                        new Column(label != null ? label : String.join(", ", cs.values()), Map.copyOf(cs)));
            }
            List<Row> rows = new ArrayList<>();
            for (String line : indexed(p, t + "row.").values()) {
                String[] cells = line.split("\\|");
                if (cells.length != columns.size() + 1) {
                    throw new UserError(w + "row '" + line + "' has " + (cells.length - 1) + " values for "
                            + columns.size() + " columns");
                }
                Map<String, String> head = setting(cells[0], w + "row");
                List<Double> values = new ArrayList<>();
                for (int c = 1; c < cells.length; c++) {
                    String v = cells[c].trim();
                    try {
                        values.add(v.equals("-") ? null : Double.valueOf(v));
                    } catch (NumberFormatException e) {
                        throw new UserError(w + "row: '" + v + "' is not a number (or - for none)");
                    }
                }
                String label = head.remove("label");
                String figure = head.remove("figure");
                String unit = head.remove("unit");
                rows.add(new Row(label != null ? label : String.join(" ", head.values()), head, figure, unit,
                        values));
            }
            List<Unavailable> unavailable = new ArrayList<>();
            for (String u : indexed(p, t + "unavailable.").values()) {
                int colon = u.indexOf(':');
                if (colon < 1) {
                    throw new UserError(w + "unavailable is 'knob=value ...: reason', got '" + u + "'");
                }
                unavailable.add(new Unavailable(setting(u.substring(0, colon), w + "unavailable"),
                        u.substring(colon + 1).trim()));
            }
            out.add(new SeedTable(required(p, t + "title", where), p.getProperty(t + "figure", "").trim(),
                    p.getProperty(t + "unit", "").trim(), columns, rows, unavailable));
        }
        return out;
    }

    /** {@code knob=value knob=value label=free text to the end}. */
    static Map<String, String> setting(String s, String where) {
        Map<String, String> out = new LinkedHashMap<>();
        String text = s.trim();
        int label = text.indexOf("label=");
        if (label >= 0) {
            out.put("label", text.substring(label + 6).trim());
            text = text.substring(0, label).trim();
        }
        for (String w : words(text)) {
            int eq = w.indexOf('=');
            if (eq < 1) {
                throw new UserError(where + ": expected knob=value, got '" + w + "'");
            }
            out.put(w.substring(0, eq), w.substring(eq + 1));
        }
        return out;
    }

    private static Map<String, String> prefixed(Properties p, String prefix) {
        Map<String, String> out = new LinkedHashMap<>();
        p.stringPropertyNames().stream()
                .filter(k -> k.startsWith(prefix) && !k.substring(prefix.length()).contains("."))
                .sorted().forEach(k -> out.put(k.substring(prefix.length()), p.getProperty(k).trim()));
        return out;
    }

    /** {@code prefix.1}, {@code prefix.2}, ... in numeric order. */
    private static Map<Integer, String> indexed(Properties p, String prefix) {
        Map<Integer, String> out = new TreeMap<>();
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith(prefix) && k.substring(prefix.length()).matches("\\d+")) {
                out.put(Integer.parseInt(k.substring(prefix.length())), p.getProperty(k).trim());
            }
        }
        return out;
    }

    private static int seconds(Properties p, String key, String fallback, String where) {
        String v = p.getProperty(key, fallback);
        if (v == null) {
            throw new UserError(where + ": '" + key + "' is required");
        }
        int s = Durations.seconds(v.trim(), where + ": " + key);
        if (key.endsWith("duration") && s < 1) {
            throw new UserError(where + ": " + key + " must be at least 1 s");
        }
        return s;
    }

    private static Integer whole(Properties p, String key, String where) {
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

    private static String required(Properties p, String key, String where) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            throw new UserError(where + ": '" + key + "' is required");
        }
        return v.trim();
    }

    private static List<String> words(String s) {
        return s == null || s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }

    private static Map<String, String> pairs(String s, String where) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String w : words(s)) {
            int eq = w.indexOf('=');
            if (eq < 1) {
                throw new UserError(where + ": plan properties are k=v, got '" + w + "'");
            }
            out.put(w.substring(0, eq), w.substring(eq + 1));
        }
        return out;
    }
}
