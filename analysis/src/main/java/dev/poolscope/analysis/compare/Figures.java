package dev.poolscope.analysis.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.analysis.report.Table;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.format.folder.RunFolder;

/** The figures compared between settings: summary.json names, with how to show them. */
public final class Figures {
    public enum Kind {
        NUMBER, SHARE, MIB, TEXT
    }

    record Figure(String label, String path, Kind kind) {
    }

    /** Rows of the comparison table, in reading order: what the client saw, then why. */
    static final List<Figure> ROWS = List.of(new Figure("throughput (req/s)", "throughput_rps", Kind.NUMBER),
            new Figure("client p50 (ms)", "client_ms.p50", Kind.NUMBER),
            new Figure("client p99 (ms)", "client_ms.p99", Kind.NUMBER),
            new Figure("server p50 (ms)", "server_ms.p50", Kind.NUMBER),
            new Figure("server p99 (ms)", "server_ms.p99", Kind.NUMBER),
            new Figure("pool wait p50 (ms)", "pool_wait_ms.p50", Kind.NUMBER),
            new Figure("pool wait p99 (ms)", "pool_wait_ms.p99", Kind.NUMBER),
            new Figure("hold p50 (ms)", "hold_ms.p50", Kind.NUMBER),
            new Figure("backlog p50 (ms)", "backlog_ms.p50", Kind.NUMBER),
            new Figure("backlog p99 (ms)", "backlog_ms.p99", Kind.NUMBER),
            new Figure("context switches/s (machine)", "context_switches_per_s", Kind.NUMBER),
            new Figure("worker run delay (share of wanted CPU)", "worker_run_delay_share", Kind.SHARE),
            new Figure("worker run delay (ms per s)", "worker_run_delay_ms_per_s", Kind.NUMBER),
            new Figure("process CPU (mean)", "cpu_process", Kind.SHARE),
            new Figure("machine CPU (mean)", "cpu_machine", Kind.SHARE),
            new Figure("GC pauses (ms)", "gc_pause_ms_total", Kind.NUMBER),
            new Figure("heap used, max (MiB)", "heap_used_max_bytes", Kind.MIB),
            new Figure("heap after GC at the end (MiB, " + RunFolder.RUN_JSON + ")",
                    "heap_used_after_gc_bytes", Kind.MIB),
            new Figure("live threads (max)", "live_threads_max", Kind.NUMBER),
            new Figure("startup: JVM start to first served request (ms)", "startup_ms", Kind.NUMBER),
            new Figure("idle after start: heap used (MiB)", "idle_heap_used_bytes", Kind.MIB),
            new Figure("idle after start: loaded classes", "idle_classes_loaded", Kind.NUMBER),
            new Figure("idle after start: live threads", "idle_live_threads", Kind.NUMBER),
            new Figure("idle after start: resident set (MiB)", "idle_rss_bytes", Kind.MIB),
            new Figure("error rate", "error_rate", Kind.SHARE),
            new Figure("primary cause", "primary_cause", Kind.TEXT),
            new Figure("recommended threads", "recommended_threads", Kind.NUMBER));

    /**
     * The figures of a matrix, one pivot table and one chart each: what the client saw, what the server and its pools
     * did, what the process cost, and how it started.
     */
    static final List<Figure> MATRIX = List.of(
            new Figure("throughput (req/s)", "throughput_rps", Kind.NUMBER),
            new Figure("client mean (ms)", "client_ms.mean", Kind.NUMBER),
            new Figure("client p50 (ms)", "client_ms.p50", Kind.NUMBER),
            new Figure("client p99 (ms)", "client_ms.p99", Kind.NUMBER),
            new Figure("server p99 (ms)", "server_ms.p99", Kind.NUMBER),
            new Figure("pool wait p99 (ms)", "pool_wait_ms.p99", Kind.NUMBER),
            new Figure("backlog mean (ms)", "backlog_ms.mean", Kind.NUMBER),
            new Figure("process CPU (mean, share of the machine)", "cpu_process", Kind.SHARE),
            new Figure("heap used, max (MiB)", "heap_used_max_bytes", Kind.MIB),
            new Figure("live threads (max)", "live_threads_max", Kind.NUMBER),
            new Figure("error rate", "error_rate", Kind.SHARE),
            new Figure("startup: JVM start to first served request (ms)", "startup_ms", Kind.NUMBER),
            new Figure("idle after start: heap used (MiB)", "idle_heap_used_bytes", Kind.MIB),
            new Figure("idle after start: loaded classes", "idle_classes_loaded", Kind.NUMBER),
            new Figure("idle after start: live threads", "idle_live_threads", Kind.NUMBER),
            new Figure("idle after start: resident set (MiB)", "idle_rss_bytes", Kind.MIB));

    private Figures() {
    }

    /** The matrix figures that at least one cell has, each as a pivot over {@code rows} × {@code cols}. */
    public static List<Pivot> pivots(List<Cell> cells, List<String> rows, List<String> cols) {
        List<Pivot> out = new ArrayList<>();
        for (Figure f : MATRIX) {
            if (cells.stream().anyMatch(c -> value(c.median(), f.path()) != null)) {
                out.add(Pivot.of(cells, rows, cols, f));
            }
        }
        return out;
    }

    /** Label, summary path and whether the figure is a share (0–1), for each matrix figure the cells have. */
    public static List<String[]> matrixFigures(List<Cell> cells) {
        List<String[]> out = new ArrayList<>();
        for (Figure f : MATRIX) {
            if (cells.stream().anyMatch(c -> value(c.median(), f.path()) != null)) {
                out.add(new String[]{f.label(), f.path(), f.kind().name()});
            }
        }
        return out;
    }

    /** One column per setting, one row per figure. */
    public static Table table(List<ComparedRun> runs) {
        List<String> header = new ArrayList<>();
        header.add("");
        runs.forEach(r -> header.add(r.label()));
        List<List<String>> rows = new ArrayList<>();
        for (Figure f : ROWS) {
            List<String> row = new ArrayList<>();
            row.add(f.label());
            for (ComparedRun r : runs) {
                row.add(cell(value(r, f.path()), f.kind()));
            }
            rows.add(row);
        }
        return new Table(header, rows);
    }

    /** A figure of a run: summary.json, except the heap after GC, which only the launcher measured. */
    public static JsonNode value(ComparedRun r, String path) {
        if ("heap_used_after_gc_bytes".equals(path)) {
            Long v = r.config().heapUsedAfterGcBytes();
            return v == null ? null : com.fasterxml.jackson.databind.node.LongNode.valueOf(v);
        }
        return r.node(path);
    }

    static String cell(JsonNode n, Kind kind) {
        if (n == null) {
            return "n/a";
        }
        if (kind == Kind.TEXT || !n.isNumber()) {
            return n.asText();
        }
        double v = n.doubleValue();
        return switch (kind) {
            case SHARE -> String.format(Locale.ROOT, "%.1f%%", 100 * v);
            case MIB -> Messages.num(v / 1048576.0);
            default -> Messages.num(v);
        };
    }
}
