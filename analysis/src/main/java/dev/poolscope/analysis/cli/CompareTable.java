package dev.poolscope.analysis.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.analysis.compare.Cell;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

/**
 * The terminal's view of a comparison: one line per setting, a column per varied knob, then the figures, each column
 * named once, numbers as people write them (3930, 26.4, 0.03; shares as percentages), medians when repeated.
 */
final class CompareTable {
    /** Header, summary.json path, and whether the value is a share (0–1) shown in percent. */
    static final String[][] COLUMNS = {{"req/s", Summary.THROUGHPUT_RPS, ""},
            {"client mean ms", SummaryPaths.CLIENT_MEAN, ""},
            {"client p99 ms", SummaryPaths.CLIENT_P99, ""}, {"server p99 ms", SummaryPaths.SERVER_P99, ""},
            {"pool wait p99 ms", SummaryPaths.POOL_WAIT_P99, ""},
            {"backlog mean ms", SummaryPaths.BACKLOG_MEAN, ""},
            {"CPU %", Summary.CPU_PROCESS, "%"}, {"errors %", Summary.ERROR_RATE, "%"},
            {"startup ms", Summary.STARTUP_MS, ""},
            {"primary cause", Summary.PRIMARY_CAUSE, ""}, {"rec. threads", Summary.RECOMMENDED_THREADS, ""}};

    private CompareTable() {
    }

    static void print(List<String> knobs, List<Cell> cells, PrintWriter out) {
        boolean repeated = cells.stream().anyMatch(c -> c.runs().size() > 1);
        List<String> header = new ArrayList<>(knobs.isEmpty() ? List.of("run") : knobs);
        if (repeated) {
            header.add("runs");
        }
        for (String[] c : COLUMNS) {
            header.add(c[0]);
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        for (Cell cell : cells) {
            List<String> row = new ArrayList<>();
            if (knobs.isEmpty()) {
                row.add(cell.label());
            } else {
                knobs.forEach(k -> row.add(cell.setting().getOrDefault(k, "?")));
            }
            if (repeated) {
                row.add(Integer.toString(cell.runs().size()));
            }
            for (String[] c : COLUMNS) {
                row.add(cell(cell.median().node(c[1]), !c[2].isEmpty()));
            }
            rows.add(row);
        }
        int[] width = new int[header.size()];
        for (List<String> r : rows) {
            for (int i = 0; i < r.size(); i++) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        int labels = knobs.isEmpty() ? 1 : knobs.size();
        for (List<String> r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                String f = i < labels ? "%-" + width[i] + "s" : "%" + width[i] + "s";
                sb.append(i == 0 ? "" : "  ").append(String.format(Locale.ROOT, f, r.get(i)));
            }
            out.println(sb.toString().stripTrailing());
        }
        if (repeated) {
            out.println(
                    "(medians over each setting's runs; " + RunFolder.COMPARE_HTML + " shows the ranges)");
        }
    }

    /** A number as people write it: no exponent, no trailing noise; shares in percent; "-" when absent. */
    static String cell(JsonNode n, boolean share) {
        if (n == null) {
            return "-";
        }
        if (!n.isNumber()) {
            return n.asText();
        }
        double v = n.doubleValue();
        return share ? String.format(Locale.ROOT, "%.1f", 100 * v) : Messages.num(v);
    }
}
