package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    private static final Set<String> KEYS = Set.of("title", "seed", "source", "seed.setup", "app", "plan",
            "props", "quick.props", "vary", "quick.vary", "rows", "cols", "duration", "quick.duration",
            "warmup",
            "quick.warmup", "cap.vus", "quick.cap.vus", "cap.why", "quick.why", "explain");

    /** Every experiment in {@code dir}, by name. */
    static List<Experiment> all(Path dir) throws IOException {
        return SuiteFile.all(dir, "experiment", Experiment::of);
    }

    static Experiment read(Path file) throws IOException {
        return of(SuiteFile.read(file));
    }

    private static Experiment of(SuiteFile f) {
        f.allowOnly(KEYS, INDEXED, "case.NAME, quick.case.NAME, note.N, table.N.*");
        String where = f.where();
        Map<String, String> cases = f.prefixed("case.");
        Map<String, String> quickCases = new LinkedHashMap<>(cases);
        quickCases.putAll(f.prefixed("quick.case."));
        String explain = f.get("explain", "capacity");
        if (!EXPLAIN.contains(explain)) {
            throw new UserError(where + ": explain must be one of " + EXPLAIN + ", got '" + explain + "'");
        }
        int duration = loadSeconds(f, "duration", null);
        Experiment e = new Experiment(f.name(), f.required("title"), f.required("seed"), f.required("source"),
                f.get("seed.setup", ""), List.copyOf(f.indexed("note.").values()), f.words("app"),
                f.required("plan"), f.pairs("props"), f.pairs("quick.props"), f.required("vary"),
                f.get("quick.vary", f.get("vary", null)), cases, quickCases, f.get("rows", ""),
                f.get("cols", ""),
                duration, loadSeconds(f, "quick.duration", f.get("duration", null)),
                f.seconds("warmup", "5s"),
                f.seconds("quick.warmup", f.get("warmup", "5s")), f.whole("cap.vus"),
                f.whole("quick.cap.vus"),
                f.get("cap.why", ""), f.get("quick.why", ""), explain, tables(f));
        e.matrix(false, 1);
        e.matrix(true, 1);
        return e;
    }

    private static int loadSeconds(SuiteFile f, String key, String fallback) {
        int s = f.seconds(key, fallback);
        if (s < 1) {
            throw new UserError(f.where() + ": " + key + " must be at least 1 s");
        }
        return s;
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
        for (String w : SuiteFile.split((quick ? quickCases : cases).get(caseName))) {
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

    private static List<SeedTable> tables(SuiteFile f) {
        String where = f.where();
        Map<Integer, List<String>> byIndex = new TreeMap<>();
        Pattern key = Pattern.compile("table\\.(\\d+)\\..*");
        for (String k : f.keys()) {
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
            for (String c : f.required(t + "columns").split("\\|")) {
                String s = c.trim();
                Map<String, String> cs = s.equals("-") ? new LinkedHashMap<>() : setting(s, w + "columns");
                String label = cs.remove("label");
                columns.add(
                        new Column(label != null ? label : String.join(", ", cs.values()), Map.copyOf(cs)));
            }
            List<Row> rows = new ArrayList<>();
            for (String line : f.indexed(t + "row.").values()) {
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
            for (String u : f.indexed(t + "unavailable.").values()) {
                int colon = u.indexOf(':');
                if (colon < 1) {
                    throw new UserError(w + "unavailable is 'knob=value ...: reason', got '" + u + "'");
                }
                unavailable.add(new Unavailable(setting(u.substring(0, colon), w + "unavailable"),
                        u.substring(colon + 1).trim()));
            }
            out.add(new SeedTable(f.required(t + "title"), f.get(t + "figure", ""), f.get(t + "unit", ""),
                    columns,
                    rows, unavailable));
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
        for (String w : SuiteFile.split(text)) {
            int eq = w.indexOf('=');
            if (eq < 1) {
                throw new UserError(where + ": expected knob=value, got '" + w + "'");
            }
            out.put(w.substring(0, eq), w.substring(eq + 1));
        }
        return out;
    }
}
