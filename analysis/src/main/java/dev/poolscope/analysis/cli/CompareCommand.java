package dev.poolscope.analysis.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.poolscope.analysis.compare.Beside;
import dev.poolscope.analysis.compare.Cell;
import dev.poolscope.analysis.compare.CompareJson;
import dev.poolscope.analysis.compare.ComparedRun;
import dev.poolscope.analysis.compare.Explain;
import dev.poolscope.analysis.compare.Figures;
import dev.poolscope.analysis.compare.Lines;
import dev.poolscope.analysis.compare.Pivot;
import dev.poolscope.analysis.compare.RunSet;
import dev.poolscope.analysis.compare.Verdict;
import dev.poolscope.analysis.flame.CollapsedFiles;
import dev.poolscope.analysis.flame.FlameGraphs;
import dev.poolscope.analysis.output.OneLine;
import dev.poolscope.analysis.report.CompareWriter;
import dev.poolscope.analysis.report.MatrixChart;
import dev.poolscope.analysis.report.TimelineJson;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.summary.Summary;

/**
 * Compares analyzed runs that differ in one knob: prints a table and writes compare.html, compare.json and
 * flame-diff.html into OUT. Runs that cannot be compared are listed, never fatal, as long as two can be.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, description = "Compare analyzed runs (run analyze first): "
        + "a table on stdout, and " + RunFolder.COMPARE_HTML + ", " + RunFolder.COMPARE_JSON + " and "
        + RunFolder.FLAME_DIFF_HTML + " in OUT.")
final class CompareCommand implements Callable<Integer> {
    static final String WALL = "wall";

    @Option(names = "--out", paramLabel = "DIR", description = "where to write (default: the run folders' common parent)")
    Path out;

    @Option(names = "--rows", paramLabel = "KNOB,...", split = ",", description = "knobs down the pivot tables (default: every knob but the columns')")
    List<String> rows;

    @Option(names = "--cols", paramLabel = "KNOB,...", split = ",", description = "knobs across the pivot tables (default: the second varied knob)")
    List<String> cols;

    @Parameters(paramLabel = "RUN_DIR", arity = "1..*", description = "run folders with a "
            + RunFolder.SUMMARY_JSON)
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
        List<Cell> cells = Cell.of(usable);
        CompareTable.print(set.knobs(), cells, stdout);
        Verdict verdict = Verdict.of(set.knobs(), cells);
        List<String> notes = new ArrayList<>();
        for (ComparedRun r : set.runs()) {
            if (!r.usable()) {
                notes.add("Not compared: " + r.label() + " (" + r.dir() + "): " + r.problem());
            } else if (r.problem() != null) {
                notes.add(r.label() + ": " + r.problem());
            }
        }
        for (String k : concat(rows, cols)) {
            if (!set.knobs().contains(k)) {
                notes.add("--rows/--cols: '" + k + "' is not a varied knob (" + set.knob() + "); left out");
            }
        }
        List<List<String>> axes = Pivot.axes(set.knobs(), rows, cols);
        Beside beside = null;
        try {
            beside = Beside.read(dir, set.knobs(), cells);
        } catch (IOException | RuntimeException e) {
            notes.add(RunFolder.EXPERIMENT_JSON + " cannot be read, so the seed's numbers are not shown: "
                    + OneLine.of(e));
        }
        List<String> explanation = beside == null
                ? List.of()
                : new Explain(set.knobs(), cells, Runtime.getRuntime().availableProcessors())
                        .sentences(beside.experiment().path("explain").asText("capacity"), beside);
        try {
            Files.createDirectories(dir);
            String[] flame = flameDiff(set, verdict, dir);
            CompareJson json = new CompareJson();
            com.fasterxml.jackson.databind.node.ObjectNode root = json.build(set, verdict, flame[0],
                    flame[1]);
            json.addCells(root, set, cells, axes);
            if (beside != null) {
                json.addExperiment(root, beside, explanation);
            }
            json.write(dir.resolve(RunFolder.COMPARE_JSON), root);
            new CompareWriter().write(dir.resolve(RunFolder.COMPARE_HTML),
                    input(set, cells, verdict, notes, flame, axes, beside, explanation));
        } catch (IOException | RuntimeException e) {
            err.println("poolscope-analysis: cannot write the comparison into " + dir + ": "
                    + OneLine.of(e));
            return AnalysisCli.FAILED;
        }
        notes.stream().filter(n -> n.startsWith("Not compared"))
                .forEach(n -> err.println("poolscope-analysis: " + n));
        stdout.println(
                "wrote " + dir.resolve(RunFolder.COMPARE_HTML) + "; best for the client: "
                        + verdict.bestText()
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
            new FlameGraphs().diff(CollapsedFiles.in(v.best().dir(), WALL),
                    CollapsedFiles.in(v.worst().dir(), WALL), "flame-diff",
                    title,
                    dir);
            return new String[]{RunFolder.FLAME_DIFF_HTML, "Frames of " + v.worst().label()
                    + "; red: a larger share of"
                    + " its worker wall-clock samples than in " + v.best().label()
                    + ", blue: smaller. The best"
                    + " run's counts are scaled to the worst run's total first (the sampler's rate differs with"
                    + " load)."};
        } catch (IOException | RuntimeException e) {
            return new String[]{null, "no differential flame graph: " + OneLine.of(e)
                    + " (needs async-profiler wall-clock samples in both runs)"};
        }
    }

    /** Settings drawn as lane charts: every one up to this many, else the best and the worst. */
    static final int MAX_TIMELINES = 8;
    /** The one-column-per-setting table stays readable up to this many settings. */
    static final int MAX_TABLE_COLUMNS = 8;

    private static CompareWriter.Input input(RunSet set, List<Cell> cells, Verdict v, List<String> notes,
            String[] flame, List<List<String>> axes, Beside beside, List<String> explanation) {
        List<ComparedRun> settings = cells.stream().map(Cell::median).toList();
        List<CompareWriter.Timeline> timelines = new ArrayList<>();
        List<CompareWriter.Gap> gaps = new ArrayList<>();
        TimelineJson reader = new TimelineJson();
        String timelineNote = null;
        List<ComparedRun> drawn = settings;
        if (settings.size() > MAX_TIMELINES) {
            drawn = v.best() == v.worst() ? List.of(v.best()) : List.of(v.best(), v.worst());
            timelineNote = "Lanes of the best and the worst of " + settings.size()
                    + " settings only (a page of every setting's lanes would be too large to open); each"
                    + " setting's own " + RunFolder.REPORT_HTML + " has its lanes.";
        }
        for (ComparedRun r : drawn) {
            try {
                timelines.add(new CompareWriter.Timeline(r.label(), reader.read(r.dir()), null));
            } catch (IOException | RuntimeException e) {
                timelines.add(new CompareWriter.Timeline(r.label(), null, OneLine.of(e)));
            }
        }
        for (ComparedRun r : settings) {
            Double requests = r.number(Summary.REQUESTS);
            Map<String, Double> perRequest = new LinkedHashMap<>();
            JsonNode causes = r.node(Summary.SERVER_MS_BY_CAUSE);
            if (causes != null && requests != null && requests > 0) {
                causes.properties()
                        .forEach(e -> perRequest.put(e.getKey(), e.getValue().asDouble() / requests));
            }
            gaps.add(new CompareWriter.Gap(r.label(), perRequest));
        }
        boolean repeated = cells.stream().anyMatch(c -> c.runs().size() > 1);
        int runs = cells.stream().mapToInt(c -> c.runs().size()).sum();
        String title = settings.size() + " settings" + (repeated ? " (" + runs + " runs)" : "") + " by "
                + set.knob();
        String knobNote = set.knobs().isEmpty()
                ? "The runs differ in no app option the launcher records; they are shown in folder order."
                : "Knobs: " + set.knob() + " (from " + set.knobSource() + "); settings: " + String.join("; ",
                        settings.stream().map(ComparedRun::label).toList()) + "."
                        + (repeated
                                ? " Each setting ran " + repeatText(cells) + "; every figure is the median"
                                        + " over its runs, with the range (min–max) beside it."
                                : "");
        List<CompareWriter.MatrixFigure> matrix = new ArrayList<>();
        String x = null;
        if (set.matrix() || repeated) {
            x = Lines.xKnob(cells, set.knobs(), axes.get(1));
            for (Pivot p : Figures.pivots(cells, axes.get(0), axes.get(1))) {
                MatrixChart.Chart chart = x == null
                        ? null
                        : MatrixChart.of(p.figure(), x, Lines.of(cells, x, set.knobs(), p.path()));
                matrix.add(new CompareWriter.MatrixFigure(p, chart == null ? null : chart.plot()));
            }
        }
        String matrixNote = matrix.isEmpty()
                ? null
                : "Rows: " + (axes.get(0).isEmpty() ? "none" : String.join(", ", axes.get(0))) + "; columns: "
                        + (axes.get(1).isEmpty() ? "none" : String.join(", ", axes.get(1)))
                        + " (--rows/--cols choose). Under each value, the setting's primary cause."
                        + (x == null
                                ? ""
                                : " Charts: the figure over " + x
                                        + ", one line per setting of the other knobs"
                                        + (repeated ? ", whiskers from the smallest to the largest run" : "")
                                        + ".");
        CompareWriter.Experiment experiment = null;
        if (beside != null) {
            JsonNode e = beside.experiment();
            List<String> ran = new ArrayList<>();
            e.path("ran").forEach(r -> ran.add(r.asText()));
            List<String> enotes = new ArrayList<>();
            e.path("notes").forEach(r -> enotes.add(r.asText()));
            title = e.path("name").asText() + (e.path("quick").asBoolean() ? " (quick)" : "") + ": "
                    + e.path("title").asText();
            experiment = new CompareWriter.Experiment(e.path("source").asText(),
                    e.path("seed_setup").asText(),
                    ran, enotes, beside.tables(), explanation);
        }
        return new CompareWriter.Input(title, knobNote, experiment, notes, v.sentences(),
                settings.size() <= MAX_TABLE_COLUMNS ? Figures.table(settings) : null, matrixNote, matrix,
                timelines, timelineNote, gaps, flame[0], flame[1]);
    }

    private static String repeatText(List<Cell> cells) {
        int min = cells.stream().mapToInt(c -> c.runs().size()).min().orElse(0);
        int max = cells.stream().mapToInt(c -> c.runs().size()).max().orElse(0);
        return (min == max ? Integer.toString(min) : min + " to " + max) + " times, interleaved";
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>();
        if (a != null) {
            out.addAll(a);
        }
        if (b != null) {
            out.addAll(b);
        }
        return out;
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
