package dev.poolscope.analysis.compare;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.summary.Summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * An experiment's seed tables with our numbers beside them: read from OUT/experiment.json (written by {@code
 * ./poolscope experiment}), matched to the settings by their knob values, in the seed's units.
 */
public record Beside(JsonNode experiment, List<Table> tables) {

    /** One published table: a row per seed row, a seed value and ours per column. */
    public record Table(String title, List<String> columns, List<Row> rows) {
    }

    public record Row(String label, String unit, Map<String, String> setting, List<Entry> entries) {
    }

    /**
     * One cell. {@code seed} and {@code ours} are numbers in the seed's unit (null: not published / not run); {@code
     * note} says why ours is missing, or that several settings were pooled; {@code cell} is the setting it came from.
     */
    public record Entry(Double seed, Double ours, double[] range, String cause, String note, Cell cell) {
        /** As published: 6.483, 1.4, 1542. */
        public String seedText() {
            return seed == null
                    ? "–"
                    : java.math.BigDecimal.valueOf(seed).stripTrailingZeros().toPlainString();
        }

        public String oursText() {
            return ours == null ? "not run" : sig(ours);
        }

        public String rangeText() {
            return range == null || range[0] == range[1] ? null : sig(range[0]) + "–" + sig(range[1]);
        }
    }

    /** Three significant digits, as the seeds publish: 1.03, 16.2, 557, 1540. */
    public static String sig(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "?";
        }
        if (Math.abs(v) >= 1000) {
            return Long.toString(Math.round(v));
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros()
                .toPlainString();
    }

    /** OUT/experiment.json matched to the cells; null when there is none (a plain sweep). */
    public static Beside read(Path dir, List<String> knobs, List<Cell> cells) throws IOException {
        Path file = dir.resolve(RunFolder.EXPERIMENT_JSON);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        JsonNode e = new ObjectMapper().readTree(file.toFile());
        List<Table> tables = new ArrayList<>();
        for (JsonNode t : e.path("tables")) {
            List<String> columns = new ArrayList<>();
            t.path("columns").forEach(c -> columns.add(c.path("label").asText("")));
            List<Row> rows = new ArrayList<>();
            for (JsonNode r : t.path("rows")) {
                List<Entry> entries = new ArrayList<>();
                int i = 0;
                for (JsonNode c : t.path("columns")) {
                    Map<String, String> want = new LinkedHashMap<>(strings(r.path("setting")));
                    want.putAll(strings(c.path("setting")));
                    JsonNode seed = r.path("seed").path(i++);
                    entries.add(entry(want, seed.isNumber() ? seed.doubleValue() : null,
                            r.path("figure").asText(),
                            r.path("unit").asText(), knobs, cells, t.path("unavailable")));
                }
                rows.add(
                        new Row(r.path("label").asText(), r.path("unit").asText(), strings(r.path("setting")),
                                entries));
            }
            tables.add(new Table(t.path("title").asText(), columns, rows));
        }
        return new Beside(e, tables);
    }

    static Entry entry(Map<String, String> want, Double seed, String figure, String unit, List<String> knobs,
            List<Cell> cells, JsonNode unavailable) {
        for (JsonNode u : unavailable) {
            Map<String, String> pattern = strings(u.path("setting"));
            if (!pattern.isEmpty() && want.entrySet().containsAll(pattern.entrySet())) {
                return new Entry(seed, null, null, null, u.path("reason").asText(), null);
            }
        }
        List<Cell> matching = new ArrayList<>();
        for (Cell c : cells) {
            boolean ok = true;
            for (Map.Entry<String, String> w : want.entrySet()) {
                // Knobs the experiment does not vary are the same for every run: nothing to match.
                if (knobs.contains(w.getKey()) && !w.getValue().equals(c.setting().get(w.getKey()))) {
                    ok = false;
                }
            }
            if (ok) {
                matching.add(c);
            }
        }
        double scale = scale(figure, unit);
        if (matching.isEmpty()) {
            return new Entry(seed, null, null, null, "not in this run's matrix", null);
        }
        if (matching.size() == 1) {
            Cell c = matching.getFirst();
            Double v = c.median().number(figure);
            double[] r = c.range(figure);
            JsonNode cause = c.median().node(Summary.PRIMARY_CAUSE);
            return new Entry(seed, v == null ? null : v * scale,
                    r == null ? null : new double[]{r[0] * scale, r[1] * scale},
                    cause == null ? null : cause.asText(), v == null ? "not measured" : null, c);
        }
        double[] values = matching.stream().map(c -> c.median().number(figure)).filter(v -> v != null)
                .mapToDouble(Double::doubleValue).toArray();
        if (values.length == 0) {
            return new Entry(seed, null, null, null, "not measured", null);
        }
        java.util.Arrays.sort(values);
        return new Entry(seed, Cell.median(values) * scale,
                new double[]{values[0] * scale, values[values.length - 1] * scale}, null,
                "median of " + values.length + " settings", null);
    }

    /** From our unit (ms, bytes, counts) to the seed's: s, MB/MiB, or as it is. */
    static double scale(String figure, String unit) {
        boolean ms = figure.endsWith("_ms") || figure.contains("_ms.");
        if (unit.equals("s") && ms) {
            return 1e-3;
        }
        if ((unit.equals("MB") || unit.equals("MiB")) && figure.endsWith("_bytes")) {
            return 1.0 / 1048576;
        }
        return 1;
    }

    private static Map<String, String> strings(JsonNode o) {
        Map<String, String> m = new LinkedHashMap<>();
        o.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }
}
