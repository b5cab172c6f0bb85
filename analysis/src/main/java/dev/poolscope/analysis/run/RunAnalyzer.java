package dev.poolscope.analysis.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.jtl.JtlReader;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.output.OneLine;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.report.AgentCpuJson;
import dev.poolscope.analysis.report.FlameInput;
import dev.poolscope.analysis.report.ReportWriter;
import dev.poolscope.analysis.report.RunSummary;
import dev.poolscope.analysis.report.SummaryJson;
import dev.poolscope.analysis.report.TimelineJson;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.summary.SummaryFile;

/**
 * Analyzes one run folder into report.html, summary.json, timeline.json and flame graphs: reads it
 * ({@link RunReader}), diagnoses the model, writes the outputs, and says in one line what it made. A run of several
 * instances goes to {@link InstancesAnalyzer}.
 */
public final class RunAnalyzer {

    /** {@code ok} false: nothing useful could be made; {@code message} is one line either way. */
    public record Outcome(boolean ok, String message, RunModel model, Diagnosis.Result diagnosis) {
    }

    private final double skipSeconds;

    /** Analyses the measured window, on its steady part. */
    public RunAnalyzer() {
        this(0);
    }

    /**
     * Leaves out the first {@code skipSeconds} of load by hand before the steady state is judged; an
     * IllegalArgumentException when that is negative or leaves no load.
     */
    public RunAnalyzer(double skipSeconds) {
        new SteadyReader(skipSeconds);
        this.skipSeconds = skipSeconds;
    }

    public Outcome analyze(Path runDir) {
        if (!Files.isDirectory(runDir)) {
            return fail("run folder " + runDir + " does not exist");
        }
        List<Path> instances = InstancesAnalyzer.agentFolders(runDir);
        if (!instances.isEmpty()) {
            return new InstancesAnalyzer(new SteadyReader(skipSeconds)).analyze(runDir, instances);
        }
        Path agent = runDir.resolve(RunFolder.AGENT);
        RunReader.Result read = new SteadyReader(skipSeconds).read(runDir, agent, RunFolder.AGENT);
        if (read.failure() != null) {
            return fail(read.failure());
        }
        RunModel model = read.model();
        Diagnosis.Result diagnosis = new Diagnosis().evaluate(model);
        RunSummary summary = RunSummary.of(model);
        try {
            List<FlameInput> flames = new RunFlames().write(runDir, agent, model, read, "");
            AgentCost cost = AgentCost.of(agent, model);
            new TimelineJson().write(runDir, model);
            SummaryJson json = new SummaryJson();
            json.write(runDir.resolve(RunFolder.SUMMARY_JSON),
                    new SummaryFile(json.summary(model, summary, diagnosis), AgentCpuJson.of(cost.cpu())));
            new ReportWriter().write(runDir.resolve(RunFolder.REPORT_HTML), runDir.getFileName().toString(),
                    model, summary, diagnosis, flames, cost.cpu(), cost.why());
        } catch (IOException | RuntimeException e) {
            return fail("cannot write the report into " + runDir + ": " + OneLine.of(e));
        }
        return outcome(runDir.resolve(RunFolder.REPORT_HTML), read, diagnosis);
    }

    /** Whether the run has several instances ({@code agent-1/}, {@code agent-2/}, …) instead of one agent/ folder. */
    public static boolean severalInstances(Path runDir) {
        return !InstancesAnalyzer.agentFolders(runDir).isEmpty();
    }

    /** The one line a run's analysis ends with. */
    private static Outcome outcome(Path report, RunReader.Result read, Diagnosis.Result diagnosis) {
        RunModel model = read.model();
        RecordingInfo recording = read.recording();
        String recordingProblem = read.recordingProblem();
        String jtlProblem = read.jtlProblem();
        JtlReader.Result jtl = read.jtl();
        if (model.requests().isEmpty()) {
            return new Outcome(false, (model.client().isEmpty()
                    ? "the run has no requests"
                    : "the recording has no " + RequestEvent.NAME + " events, so there is no diagnosis")
                    + "; wrote a partial report " + report, model, diagnosis);
        }
        String partial = recording != null && recording.fromRepository()
                ? " (partial: " + RunNotes.ended(recording, model) + ")"
                : recording == null
                        ? " (partial: " + recordingProblem + ")"
                        : jtl == null && jtlProblem != null ? " (partial: " + jtlProblem + ")" : "";
        return new Outcome(true, "wrote " + report + "; primary cause: " + diagnosis.primaryCause()
                + (model.reactive() || diagnosis.recommendation().threads() == null
                        ? "; recommendation: " + diagnosis.recommendation().kind()
                        : "; recommended worker threads: " + diagnosis.recommendation().threads())
                + partial, model, diagnosis);
    }

    private static Outcome fail(String message) {
        return new Outcome(false, message, null, null);
    }
}
