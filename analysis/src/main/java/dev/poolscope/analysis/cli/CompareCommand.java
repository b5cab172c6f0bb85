package dev.poolscope.analysis.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** A first comparison: one row per run, read from each run's summary.json. */
@Command(name = "compare", mixinStandardHelpOptions = true, description = "Print a table across runs from their summary.json (run analyze first).")
final class CompareCommand implements Callable<Integer> {
    static final String[][] COLUMNS = {{"rps", "throughput_rps"}, {"err", "error_rate"},
            {"client p99", "client_ms.p99"}, {"server p99", "server_ms.p99"},
            {"pool p99", "pool_wait_ms.p99"},
            {"hold p50", "hold_ms.p50"}, {"backlog p99", "backlog_ms.p99"}, {"cpu", "cpu_process"},
            {"threads", "max_threads"}, {"pool", "pool_size"}, {"cause", "primary_cause"},
            {"recommend", "recommended_threads"}};

    @Parameters(paramLabel = "RUN_DIR", arity = "1..*", description = "run folders with a summary.json")
    List<Path> runs;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ObjectMapper mapper = new ObjectMapper();
        List<String[]> rows = new ArrayList<>();
        String[] header = new String[COLUMNS.length + 1];
        header[0] = "run";
        for (int i = 0; i < COLUMNS.length; i++) {
            header[i + 1] = COLUMNS[i][0];
        }
        rows.add(header);
        List<String> problems = new ArrayList<>();
        for (Path run : runs) {
            Path file = run.resolve("summary.json");
            if (!Files.isRegularFile(file)) {
                problems.add(file + " does not exist (run analyze first)");
                continue;
            }
            JsonNode root;
            try {
                root = mapper.readTree(file.toFile());
            } catch (IOException e) {
                problems.add("cannot parse " + file + ": " + RunAnalyzer.oneLine(e));
                continue;
            }
            String[] row = new String[COLUMNS.length + 1];
            row[0] = run.getFileName() == null ? run.toString() : run.getFileName().toString();
            for (int i = 0; i < COLUMNS.length; i++) {
                row[i + 1] = cell(root, COLUMNS[i][1]);
            }
            rows.add(row);
        }
        if (rows.size() == 1) {
            err.println(
                    "poolscope-analysis: none of the runs has a readable summary.json (" + problems.getFirst()
                            + ")");
            return AnalysisCli.FAILED;
        }
        int[] width = new int[header.length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                sb.append(String.format(Locale.ROOT, i == 0 ? "%-" + width[i] + "s" : "  %" + width[i] + "s",
                        r[i]));
            }
            out.println(sb);
        }
        // Skipped runs are reported after the table, one line each; the table itself is still useful.
        problems.forEach(p -> err.println("poolscope-analysis: skipped: " + p));
        return problems.isEmpty() ? 0 : AnalysisCli.FAILED;
    }

    private static String cell(JsonNode root, String path) {
        JsonNode n = root;
        for (String p : path.split("\\.")) {
            n = n.path(p);
        }
        if (n.isMissingNode() || n.isNull()) {
            return "-";
        }
        if (n.isNumber()) {
            double v = n.doubleValue();
            return v == Math.rint(v) && Math.abs(v) < 1e12
                    ? Long.toString((long) v)
                    : String.format(Locale.ROOT, "%.3g", v);
        }
        return n.asText();
    }
}
