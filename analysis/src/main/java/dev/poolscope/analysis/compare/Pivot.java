package dev.poolscope.analysis.compare;

import dev.poolscope.format.summary.Summary;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One figure of a matrix as a table: a row per combination of the row knobs' values, a column per combination of the
 * column knobs' values; each cell the median over the repeats, the range when repeated, and the primary cause.
 */
public record Pivot(String figure, String path, List<String> rowKnobs, List<String> colKnobs,
        List<String> header, List<Row> rows) {

    public record Row(String label, List<Entry> entries) {
    }

    /**
     * What one table cell shows; {@code value} is "n/a" where the matrix has no run. {@code range} is "90–120, 3 runs"
     * for a repeated setting, "one run" for a setting that ran once beside repeated ones, null when none repeated.
     */
    public record Entry(String value, String range, String cause) {
    }

    /**
     * Rows and columns: {@code rows} and {@code cols} as asked (unknown names are left out); by default the second
     * knob across and every other knob down; a knob in neither is added to the rows, so every cell has one place.
     */
    public static List<List<String>> axes(List<String> knobs, List<String> rows, List<String> cols) {
        List<String> c = new ArrayList<>();
        List<String> r = new ArrayList<>();
        if (cols != null && !cols.isEmpty()) {
            cols.stream().filter(knobs::contains).forEach(c::add);
        } else if (knobs.size() >= 2 && (rows == null || !rows.contains(knobs.get(1)))) {
            c.add(knobs.get(1));
        }
        if (rows != null) {
            rows.stream().filter(k -> knobs.contains(k) && !c.contains(k)).forEach(r::add);
        }
        knobs.stream().filter(k -> !c.contains(k) && !r.contains(k)).forEach(r::add);
        return List.of(List.copyOf(r), List.copyOf(c));
    }

    public static Pivot of(List<Cell> cells, List<String> rowKnobs, List<String> colKnobs, Figures.Figure f) {
        List<Map<String, String>> rowKeys = keys(cells, rowKnobs);
        List<Map<String, String>> colKeys = keys(cells, colKnobs);
        List<String> header = new ArrayList<>();
        header.add(String.join(", ", rowKnobs));
        colKeys.forEach(k -> header.add(text(k, colKnobs.size() == 1)));
        List<Row> rows = new ArrayList<>();
        boolean repeated = cells.stream().anyMatch(c -> c.runs().size() > 1);
        for (Map<String, String> rk : rowKeys) {
            List<Entry> entries = new ArrayList<>();
            for (Map<String, String> ck : colKeys) {
                Cell cell = find(cells, rk, ck);
                entries.add(cell == null ? new Entry("n/a", null, null) : entry(cell, f, repeated));
            }
            rows.add(new Row(text(rk, rowKnobs.size() == 1), entries));
        }
        return new Pivot(f.label(), f.path(), rowKnobs, colKnobs, header, rows);
    }

    static Entry entry(Cell cell, Figures.Figure f, boolean repeated) {
        JsonNode v = Figures.value(cell.median(), f.path());
        String value = Figures.cell(v, f.kind());
        String range = null;
        if (cell.runs().size() > 1 && f.kind() != Figures.Kind.TEXT) {
            double[] r = cell.range(f.path());
            if (r != null) {
                range = Figures.cell(com.fasterxml.jackson.databind.node.DoubleNode.valueOf(r[0]), f.kind())
                        + "–" + Figures.cell(com.fasterxml.jackson.databind.node.DoubleNode.valueOf(r[1]),
                                f.kind())
                        + ", " + cell.runs().size() + " runs";
            }
        } else if (repeated && v != null && f.kind() != Figures.Kind.TEXT) {
            range = "one run";
        }
        JsonNode cause = cell.median().node(Summary.PRIMARY_CAUSE);
        return new Entry(value, range, cause == null ? null : cause.asText());
    }

    /**
     * The distinct combinations of the knobs' values, ordered knob by knob as the cells are (the sweep's own order of
     * each knob's values).
     */
    static List<Map<String, String>> keys(List<Cell> cells, List<String> knobs) {
        Set<Map<String, String>> out = new LinkedHashSet<>();
        for (Cell c : cells) {
            out.add(project(c.setting(), knobs));
        }
        List<Map<String, String>> sorted = new ArrayList<>(out);
        for (int i = knobs.size() - 1; i >= 0; i--) {
            String k = knobs.get(i);
            List<String> seen = cells.stream().map(c -> c.setting().get(k)).distinct().toList();
            sorted.sort(java.util.Comparator.comparingInt(m -> seen.indexOf(m.get(k))));
        }
        return sorted;
    }

    static Map<String, String> project(Map<String, String> setting, List<String> knobs) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        knobs.forEach(k -> m.put(k, setting.get(k)));
        return m;
    }

    private static Cell find(List<Cell> cells, Map<String, String> row, Map<String, String> col) {
        for (Cell c : cells) {
            if (project(c.setting(), List.copyOf(row.keySet())).equals(row)
                    && project(c.setting(), List.copyOf(col.keySet())).equals(col)) {
                return c;
            }
        }
        return null;
    }

    /** "900" under a one-knob header, else "server=jetty, vus=900"; "all" for no knob. */
    static String text(Map<String, String> key, boolean valuesOnly) {
        if (key.isEmpty()) {
            return "all";
        }
        List<String> parts = new ArrayList<>();
        key.forEach((k, v) -> parts.add(valuesOnly ? String.valueOf(v) : k + "=" + v));
        return String.join(", ", parts);
    }
}
