package dev.poolscope.analysis.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.poolscope.analysis.compare.CompareJson;
import dev.poolscope.analysis.compare.ComparedRun;
import dev.poolscope.analysis.compare.Figures;
import dev.poolscope.analysis.compare.RunSet;
import dev.poolscope.analysis.compare.Verdict;
import dev.poolscope.analysis.flame.FlameGraphs;
import dev.poolscope.analysis.report.CompareWriter;
import dev.poolscope.analysis.report.TimelineJson;

/**
 * Compares analyzed runs that differ in one knob: prints a table and writes compare.html, compare.json and
 * flame-diff.html into OUT. Runs that cannot be compared are listed, never fatal, as long as two can be.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, description = "Compare analyzed runs (run analyze first): "
        + "a table on stdout, and compare.html, compare.json and flame-diff.html in OUT.")
final class CompareCommand implements Callable<Integer> {
    static final String[][] COLUMNS = {{"rps", "throughput_rps"}, {"err", "error_rate"},
            {"client p99", "client_ms.p99"}, {"server p99", "server_ms.p99"},
            {"pool p99", "pool_wait_ms.p99"},
            {"hold p50", "hold_ms.p50"}, {"backlog p99", "backlog_ms.p99"}, {"cpu", "cpu_process"},
            {"threads", "max_threads"}, {"pool", "pool_size"}, {"cause", "primary_cause"},
            {"recommend", "recommended_threads"}};
    static final String WALL = "flame-wall.collapsed";

    @Option(names = "--out", paramLabel = "DIR", description = "where to write (default: the run folders' common parent)")
    Path out;

    @Parameters(paramLabel = "RUN_DIR", arity = "1..*", description = "run folders with a summary.json")
    List<Path> runs;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path dir = out != null ? out.toAbsolutePath().normalize() : commonParent(runs);
        RunSet set = RunSet.load(runs, dir);
        List<ComparedRun> usable = set.usable();
        if (usable.size() < 2) {
            String why = set.runs().stream().filter(r -> !r.usable()).findFirst()
                    .map(r -> "; " + r.dir() + ": " + r.problem()).orElse("");
            err.println("poolscope-analysis: compare needs at least 2 analyzed runs, found " + usable.size()
                    + why);
            return AnalysisCli.FAILED;
        }
        printTable(set, stdout);
        Verdict verdict = Verdict.of(set.knob(), usable);
        List<String> notes = new ArrayList<>();
        for (ComparedRun r : set.runs()) {
            if (!r.usable()) {
                notes.add("Not compared: " + r.label() + " (" + r.dir() + "): " + r.problem());
            } else if (r.problem() != null) {
                notes.add(r.label() + ": " + r.problem());
            }
        }
        try {
            Files.createDirectories(dir);
            String[] flame = flameDiff(set, verdict, dir);
            CompareJson json = new CompareJson();
            json.write(dir.resolve("compare.json"), json.build(set, verdict, flame[0], flame[1]));
            new CompareWriter().write(dir.resolve("compare.html"), input(set, verdict, notes, flame));
        } catch (IOException | RuntimeException e) {
            err.println("poolscope-analysis: cannot write the comparison into " + dir + ": "
                    + RunAnalyzer.oneLine(e));
            return AnalysisCli.FAILED;
        }
        notes.stream().filter(n -> n.startsWith("Not compared"))
                .forEach(n -> err.println("poolscope-analysis: " + n));
        stdout.println(
                "wrote " + dir.resolve("compare.html") + "; best for the client: " + verdict.best().label()
                        + "; recommended worker threads: "
                        + (verdict.threads() == null ? "none" : verdict.threads()));
        return 0;
    }

    /** Worst against best by the ranking figure, from each run's worker wall-clock graph. */
    private static String[] flameDiff(RunSet set, Verdict v, Path dir) {
        if (v.best() == v.worst()) {
            return new String[]{null, "best and worst are the same run: no differential graph"};
        }
        String title = "Wall clock of worker threads: " + v.worst().label() + " (worst) against "
                + v.best().label() + " (best), normalised";
        try {
            new FlameGraphs().diff(v.best().dir().resolve(WALL), v.worst().dir().resolve(WALL), "flame-diff",
                    title,
                    dir);
            return new String[]{"flame-diff.html", "Frames of " + v.worst().label()
                    + "; red: a larger share of"
                    + " its worker wall-clock samples than in " + v.best().label()
                    + ", blue: smaller. The best"
                    + " run's counts are scaled to the worst run's total first (the sampler's rate differs with"
                    + " load)."};
        } catch (IOException | RuntimeException e) {
            return new String[]{null, "no differential flame graph: " + RunAnalyzer.oneLine(e)
                    + " (needs async-profiler wall-clock samples in both runs)"};
        }
    }

    private static CompareWriter.Input input(RunSet set, Verdict v, List<String> notes, String[] flame) {
        List<ComparedRun> usable = set.usable();
        List<CompareWriter.Timeline> timelines = new ArrayList<>();
        List<CompareWriter.Gap> gaps = new ArrayList<>();
        TimelineJson reader = new TimelineJson();
        for (ComparedRun r : usable) {
            try {
                timelines.add(new CompareWriter.Timeline(r.label(), reader.read(r.dir()), null));
            } catch (IOException | RuntimeException e) {
                timelines.add(new CompareWriter.Timeline(r.label(), null, RunAnalyzer.oneLine(e)));
            }
            Double requests = r.number("requests");
            Map<String, Double> perRequest = new LinkedHashMap<>();
            JsonNode causes = r.node("server_ms_by_cause");
            if (causes != null && requests != null && requests > 0) {
                causes.properties()
                        .forEach(e -> perRequest.put(e.getKey(), e.getValue().asDouble() / requests));
            }
            gaps.add(new CompareWriter.Gap(r.label(), perRequest));
        }
        String title = usable.size() + " runs by " + set.knob();
        String knobNote = RunSet.NO_KNOB.equals(set.knob())
                ? "The runs differ in no app option the launcher records; they are shown in folder order."
                : "Knob: " + set.knob() + " (from " + set.knobSource() + "), " + String.join(", ",
                        usable.stream().map(ComparedRun::label).toList()) + ".";
        return new CompareWriter.Input(title, knobNote, notes, v.sentences(), Figures.table(usable),
                timelines, gaps,
                flame[0], flame[1]);
    }

    private static void printTable(RunSet set, PrintWriter out) {
        List<String[]> rows = new ArrayList<>();
        String[] header = new String[COLUMNS.length + 1];
        header[0] = set.knob();
        for (int i = 0; i < COLUMNS.length; i++) {
            header[i + 1] = COLUMNS[i][0];
        }
        rows.add(header);
        for (ComparedRun r : set.usable()) {
            String[] row = new String[COLUMNS.length + 1];
            row[0] = r.value() == null ? r.name() : r.value();
            for (int i = 0; i < COLUMNS.length; i++) {
                row[i + 1] = cell(r.node(COLUMNS[i][1]));
            }
            rows.add(row);
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
    }

    private static String cell(JsonNode n) {
        if (n == null) {
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

    /** The deepest folder holding every run folder. */
    static Path commonParent(List<Path> dirs) {
        Path common = null;
        for (Path d : dirs) {
            Path p = d.toAbsolutePath().normalize().getParent();
            if (p == null) {
                p = d.toAbsolutePath().normalize();
            }
            if (common == null) {
                common = p;
            } else {
                while (!p.startsWith(common)) {
                    common = common.getParent();
                }
            }
        }
        return common;
    }
}
