package dev.poolscope.cli.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code experiment.json}: what {@code compare} needs to put the seed beside our numbers (docs/reference/compare.md): the
 * experiment, its source, what was run, and the seed's tables with the knob values of every row and column.
 */
final class ExperimentJson {
    private ExperimentJson() {
    }

    static Map<String, Object> of(Experiment e, boolean quick, int repeat, Double scale, List<String> ran) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("name", e.name());
        o.put("title", e.title());
        o.put("seed", e.seed());
        o.put("source", e.source());
        o.put("seed_setup", e.seedSetup());
        o.put("quick", quick);
        o.put("repeat", repeat);
        o.put("scale", scale);
        o.put("explain", e.explain());
        o.put("ran", ran);
        o.put("notes", e.notes());
        List<Map<String, Object>> tables = new ArrayList<>();
        for (Experiment.SeedTable t : e.tables()) {
            Map<String, Object> table = new LinkedHashMap<>();
            table.put("title", t.title());
            table.put("figure", t.figure());
            table.put("unit", t.unit());
            List<Map<String, Object>> cols = new ArrayList<>();
            for (Experiment.Column c : t.columns()) {
                cols.add(Map.of("label", c.label(), "setting", c.setting()));
            }
            table.put("columns", cols);
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Experiment.Row r : t.rows()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("label", r.label());
                row.put("setting", r.setting());
                row.put("figure", r.figure() != null ? r.figure() : t.figure());
                row.put("unit", r.unit() != null ? r.unit() : t.unit());
                row.put("seed", r.values());
                rows.add(row);
            }
            table.put("rows", rows);
            List<Map<String, Object>> unavailable = new ArrayList<>();
            for (Experiment.Unavailable u : t.unavailable()) {
                unavailable.add(Map.of("setting", u.setting(), "reason", u.reason()));
            }
            table.put("unavailable", unavailable);
            tables.add(table);
        }
        o.put("tables", tables);
        return o;
    }
}
