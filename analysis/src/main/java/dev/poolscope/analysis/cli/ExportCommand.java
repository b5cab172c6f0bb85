package dev.poolscope.analysis.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.export.ExportFormat;
import dev.poolscope.analysis.export.Exporter;
import dev.poolscope.analysis.flame.ProfileKind;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.run.RunAnalyzer;
import dev.poolscope.analysis.run.RunReader;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.summary.Summary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** One of a run's profiles in a format other tools open: pprof, OTLP, speedscope or collapsed stacks. */
@Command(name = "export", mixinStandardHelpOptions = true, description = {
        "Write one of a run's profiles (the samples of the report's flame graph of that kind, measured window only) in",
        "a format other tools open: pprof (go tool pprof, Grafana Pyroscope), otlp (an OpenTelemetry profiles",
        "pipeline), speedscope (speedscope.app) or collapsed (FlameGraph's text). pprof and otlp samples inside a",
        "request carry its path, method, id and the run's primary cause as labels."})
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "a run folder (agent/, jmeter/)")
    Path runDir;

    @Option(names = "--format", required = true, paramLabel = "FORMAT", description = "pprof, otlp, speedscope or collapsed")
    String format;

    @Option(names = "--kind", defaultValue = "wall", paramLabel = "KIND", description = {
            "cpu (every thread's CPU), wall (worker threads' wall clock), gaps (wall clock inside the Redis ->",
            "getConnection gaps) or lock (the JDK's park and monitor waits of worker threads); default: ${DEFAULT-VALUE}"})
    String kind;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write (default: RUN_DIR/export/KIND.EXT)")
    Path out;

    @Override
    public Integer call() {
        ExportFormat f = ExportFormat.of(format);
        if (f == null) {
            return fail("--format must be pprof, otlp, speedscope or collapsed, got '" + format + "'", 2);
        }
        ProfileKind k = ProfileKind.of(kind);
        if (k == null) {
            return fail("--kind must be cpu, wall, gaps or lock, got '" + kind + "'", 2);
        }
        Prepared run = prepare(runDir);
        if (run.failure() != null) {
            return fail(run.failure(), AnalysisCli.FAILED);
        }
        try {
            Exporter.Written w = new Exporter().export(runDir, run.model(), run.primaryCause(), f, k,
                    out != null ? out : runDir.resolve(RunFolder.EXPORT).resolve(f.fileName(k)));
            spec.commandLine().getOut().println(describe(w));
            return 0;
        } catch (Exporter.ExportException e) {
            return fail(e.getMessage(), AnalysisCli.FAILED);
        }
    }

    /** A run read for export: its model and primary cause, or why it cannot be exported. */
    record Prepared(RunModel model, String primaryCause, String failure) {
    }

    static Prepared prepare(Path runDir) {
        if (!Files.isDirectory(runDir)) {
            return new Prepared(null, null, "run folder " + runDir + " does not exist");
        }
        if (RunAnalyzer.severalInstances(runDir)) {
            return new Prepared(null, null,
                    runDir + " holds several instances (agent-1/, ...): export reads a"
                            + " run with one agent/ folder");
        }
        RunReader.Result b = new RunReader().read(runDir, runDir.resolve(RunFolder.AGENT), RunFolder.AGENT);
        if (b.failure() != null) {
            return new Prepared(null, null, b.failure());
        }
        return new Prepared(b.model(), primaryCause(runDir, b.model()), null);
    }

    /** The run's primary cause as summary.json states it; diagnosed afresh when the run has no summary.json yet. */
    static String primaryCause(Path runDir, RunModel model) {
        Path summary = runDir.resolve(RunFolder.SUMMARY_JSON);
        if (Files.isRegularFile(summary)) {
            try {
                String cause = new ObjectMapper().readValue(summary.toFile(), Summary.class).primaryCause();
                if (cause != null) {
                    return cause;
                }
            } catch (IOException e) {
                // Not readable: diagnose instead, as the analysis would.
            }
        }
        return new Diagnosis().evaluate(model).primaryCause();
    }

    static String describe(Exporter.Written w) {
        return "wrote " + w.file() + " (" + w.samples() + " samples, "
                + (w.labelled() ? w.inRequests() + " inside a request)" : "no labels in this format)");
    }

    private int fail(String message, int code) {
        spec.commandLine().getErr().println("poolscope-analysis: " + message);
        return code;
    }

    /** Every kind the run has, in each format, into RUN_DIR/export/: what {@code analyze --export} adds. */
    static int exportAll(Path runDir, RunModel model, String primaryCause, List<ExportFormat> formats,
            java.io.PrintWriter out, java.io.PrintWriter err) {
        int failed = 0;
        for (ExportFormat f : formats) {
            for (ProfileKind k : Exporter.available(runDir, model)) {
                try {
                    out.println(describe(new Exporter().export(runDir, model, primaryCause, f, k,
                            runDir.resolve(RunFolder.EXPORT).resolve(f.fileName(k)))));
                } catch (Exporter.ExportException e) {
                    err.println("poolscope-analysis: " + e.getMessage());
                    failed++;
                }
            }
        }
        return failed;
    }
}
