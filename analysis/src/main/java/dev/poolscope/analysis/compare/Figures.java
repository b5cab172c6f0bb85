package dev.poolscope.analysis.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.analysis.report.Table;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

/** The figures compared between settings: summary.json names, with how to show them. */
public final class Figures {
    public enum Kind {
        NUMBER, SHARE, MIB, TEXT
    }

    record Figure(String label, String path, Kind kind) {
    }

    /** Rows of the comparison table, in reading order: what the client saw, then why. */
    static final List<Figure> ROWS = List.of(
            new Figure("throughput (req/s)", Summary.THROUGHPUT_RPS, Kind.NUMBER),
            new Figure("client p50 (ms)", SummaryPaths.CLIENT_P50, Kind.NUMBER),
            new Figure("client p99 (ms)", SummaryPaths.CLIENT_P99, Kind.NUMBER),
            new Figure("server p50 (ms)", SummaryPaths.SERVER_P50, Kind.NUMBER),
            new Figure("server p99 (ms)", SummaryPaths.SERVER_P99, Kind.NUMBER),
            new Figure("pool wait p50 (ms)", SummaryPaths.POOL_WAIT_P50, Kind.NUMBER),
            new Figure("pool wait p99 (ms)", SummaryPaths.POOL_WAIT_P99, Kind.NUMBER),
            new Figure("hold p50 (ms)", SummaryPaths.HOLD_P50, Kind.NUMBER),
            new Figure("backlog p50 (ms)", SummaryPaths.BACKLOG_P50, Kind.NUMBER),
            new Figure("backlog p99 (ms)", SummaryPaths.BACKLOG_P99, Kind.NUMBER),
            new Figure("context switches/s (machine)", Summary.CONTEXT_SWITCHES_PER_S, Kind.NUMBER),
            new Figure("worker run delay (share of wanted CPU)", Summary.WORKER_RUN_DELAY_SHARE, Kind.SHARE),
            new Figure("worker run delay (ms per s)", Summary.WORKER_RUN_DELAY_MS_PER_S, Kind.NUMBER),
            new Figure("carrier run delay (share of wanted CPU)", Summary.CARRIER_RUN_DELAY_SHARE,
                    Kind.SHARE),
            new Figure("carriers waiting for a CPU (share of their time)", Summary.CARRIER_WAITING_SHARE,
                    Kind.SHARE),
            new Figure("process CPU (mean)", Summary.CPU_PROCESS, Kind.SHARE),
            new Figure("machine CPU (mean)", Summary.CPU_MACHINE, Kind.SHARE),
            new Figure("GC pauses (ms)", Summary.GC_PAUSE_MS_TOTAL, Kind.NUMBER),
            new Figure("heap used, max (MiB)", Summary.HEAP_USED_MAX_BYTES, Kind.MIB),
            new Figure("heap after GC at the end (MiB, " + RunFolder.RUN_JSON + ")",
                    "heap_used_after_gc_bytes", Kind.MIB),
            new Figure("live threads (max)", Summary.LIVE_THREADS_MAX, Kind.NUMBER),
            new Figure("startup: JVM start to first served request (ms)", Summary.STARTUP_MS, Kind.NUMBER),
            new Figure("idle after start: heap used (MiB)", Summary.IDLE_HEAP_USED_BYTES, Kind.MIB),
            new Figure("idle after start: loaded classes", Summary.IDLE_CLASSES_LOADED, Kind.NUMBER),
            new Figure("idle after start: live threads", Summary.IDLE_LIVE_THREADS, Kind.NUMBER),
            new Figure("idle after start: resident set (MiB)", Summary.IDLE_RSS_BYTES, Kind.MIB),
            new Figure("error rate", Summary.ERROR_RATE, Kind.SHARE),
            new Figure("primary cause", Summary.PRIMARY_CAUSE, Kind.TEXT),
            new Figure("recommended threads", Summary.RECOMMENDED_THREADS, Kind.NUMBER));

    /**
     * The figures of a matrix, one pivot table and one chart each: what the client saw, what the server and its pools
     * did, what the process cost, and how it started.
     */
    static final List<Figure> MATRIX = List.of(
            new Figure("throughput (req/s)", Summary.THROUGHPUT_RPS, Kind.NUMBER),
            new Figure("client mean (ms)", SummaryPaths.CLIENT_MEAN, Kind.NUMBER),
            new Figure("client p50 (ms)", SummaryPaths.CLIENT_P50, Kind.NUMBER),
            new Figure("client p99 (ms)", SummaryPaths.CLIENT_P99, Kind.NUMBER),
            new Figure("server p99 (ms)", SummaryPaths.SERVER_P99, Kind.NUMBER),
            new Figure("pool wait p99 (ms)", SummaryPaths.POOL_WAIT_P99, Kind.NUMBER),
            new Figure("backlog mean (ms)", SummaryPaths.BACKLOG_MEAN, Kind.NUMBER),
            new Figure("process CPU (mean, share of the machine)", Summary.CPU_PROCESS, Kind.SHARE),
            new Figure("heap used, max (MiB)", Summary.HEAP_USED_MAX_BYTES, Kind.MIB),
            new Figure("live threads (max)", Summary.LIVE_THREADS_MAX, Kind.NUMBER),
            new Figure("error rate", Summary.ERROR_RATE, Kind.SHARE),
            new Figure("startup: JVM start to first served request (ms)", Summary.STARTUP_MS, Kind.NUMBER),
            new Figure("idle after start: heap used (MiB)", Summary.IDLE_HEAP_USED_BYTES, Kind.MIB),
            new Figure("idle after start: loaded classes", Summary.IDLE_CLASSES_LOADED, Kind.NUMBER),
            new Figure("idle after start: live threads", Summary.IDLE_LIVE_THREADS, Kind.NUMBER),
            new Figure("idle after start: resident set (MiB)", Summary.IDLE_RSS_BYTES, Kind.MIB));

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

    /** One column per setting, one row per figure that at least one run has. */
    public static Table table(List<ComparedRun> runs) {
        List<String> header = new ArrayList<>();
        header.add("");
        runs.forEach(r -> header.add(r.label()));
        List<List<String>> rows = new ArrayList<>();
        for (Figure f : ROWS) {
            if (runs.stream().allMatch(r -> value(r, f.path()) == null)) {
                // The carriers' figures, say, in a comparison without virtual threads: a row of n/a says nothing.
                continue;
            }
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
