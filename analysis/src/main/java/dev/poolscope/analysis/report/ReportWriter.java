package dev.poolscope.analysis.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

import dev.poolscope.analysis.flame.AgentCpuReader.AgentCpu;
import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.MeasuredWindow;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.analysis.rules.Measured;

/**
 * Renders report.html from the views with Thymeleaf (standalone, no Spring). Every string goes through th:text or
 * th:attr, which escape; the template has no th:utext.
 */
public final class ReportWriter {
    private final TemplateEngine engine;

    public ReportWriter() {
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver(
                ReportWriter.class.getClassLoader());
        resolver.setPrefix("dev/poolscope/analysis/report/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        resolver.setCacheable(false);
        engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
    }

    /** The configured engine: compare.html uses the same resolver and report.html's fragments. */
    TemplateEngine engine() {
        return engine;
    }

    /** One run, with what the agent cost it ({@code agentCpu} null: {@code agentCpuWhy} says why). */
    public void write(Path file, String runName, RunModel run, RunSummary summary, Diagnosis.Result diagnosis,
            List<FlameInput> flames, AgentCpu agentCpu, String agentCpuWhy) throws IOException {
        write(file, runName, run, summary, diagnosis, flames, null, List.of(), agentCpu, agentCpuWhy);
    }

    /**
     * A run with several instances: {@code run} and {@code summary} are the merged ones, {@code diagnosis} the overall
     * one; the instances section shows each instance beside them and its lanes replace the threads section.
     */
    public void write(Path file, String runName, RunModel run, RunSummary summary, Diagnosis.Result diagnosis,
            List<FlameInput> flames, String instancesSentence, List<Instance> instances) throws IOException {
        write(file, runName, run, summary, diagnosis, flames, instancesSentence, instances, null,
                "Each instance's report says what the agent cost that instance.");
    }

    private void write(Path file, String runName, RunModel run, RunSummary summary,
            Diagnosis.Result diagnosis,
            List<FlameInput> flames, String instancesSentence, List<Instance> instances, AgentCpu agentCpu,
            String agentCpuWhy) throws IOException {
        Context ctx = new Context();
        ctx.setVariable("runName", runName);
        ctx.setVariable("notes", run.notes());
        ctx.setVariable("warnings", run.recording() == null ? List.of() : run.recording().warnings());
        ctx.setVariable("source", source(run));
        ctx.setVariable("window", window(run));
        ctx.setVariable("summary", new SummaryView().build(summary));
        ctx.setVariable("xlog", new XLogView().build(run));
        ctx.setVariable("steps", new StepsView().build(run));
        ctx.setVariable("statements", new StatementsView().build(run));
        ctx.setVariable("gaps", new GapView().build(run));
        ctx.setVariable("clientServer", new ClientServerView().build(run, summary));
        ctx.setVariable("timeline", new TimelineView().build(run));
        ctx.setVariable("flames", new FlameView().build(flames));
        ctx.setVariable("diagnosis", new DiagnosisView().build(diagnosis));
        ctx.setVariable("steady", run.steady().sentence());
        ctx.setVariable("agentCost", new AgentCostView().build(agentCpu, agentCpuWhy));
        ctx.setVariable("causes", List.of(Cause.ALL));
        if (!instances.isEmpty()) {
            ctx.setVariable("source", instances.size() + " instances, one agent folder each: "
                    + String.join(", ", instances.stream()
                            .map(i -> i.name() + "/ (" + source(i.model()) + ")").toList()));
        }
        ctx.setVariable("instances",
                instances.isEmpty()
                        ? null
                        : new InstancesView().build(summary, instancesSentence, instances));
        dev.poolscope.analysis.output.AtomicWrite.write(file, out -> {
            Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
            engine.process("report", ctx, w);
            w.flush();
        });
    }

    /** Which part of the recording the figures cover, and where that came from. */
    static String window(RunModel run) {
        java.time.format.DateTimeFormatter f = java.time.format.DateTimeFormatter
                .ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
                .withZone(java.time.ZoneOffset.UTC);
        MeasuredWindow w = run.window();
        return "Measured window: " + f.format(java.time.Instant.ofEpochMilli(w.startMillis())) + " to "
                + f.format(java.time.Instant.ofEpochMilli(w.endMillis())).substring(11) + " UTC ("
                + Fmt.num(w.seconds()) + " s), from " + w.source().description()
                + ". Only requests and samples that started inside it count. Load ran "
                + Fmt.num(run.durationSeconds())
                + " s of it (first to last measured request or sample): throughput and run length use that."
                + (run.steady().startCut()
                        ? " It starts where the load settled: the first "
                                + Fmt.num(run.steady().transientSeconds())
                                + " s of load were a start-up transient, left out (Diagnosis, steady state)."
                        : "")
                + (run.steady().drainSeconds() > 0
                        ? " It ends where the last request sent was started: the last "
                                + Fmt.num(run.steady().drainSeconds())
                                + " s were a drain, left out (Diagnosis, steady state)."
                        : "");
    }

    private static String source(RunModel run) {
        if (run.recording() == null) {
            return "no JDK recording was readable: server-side views are empty";
        }
        String files = run.recording().fromRepository()
                ? RunFolder.RECORDING_PATH + " is missing (the app was probably killed): read "
                        + run.recording().files().size() + " chunks from " + RunFolder.JFR_REPOSITORY_PATH
                        + "/"
                : RunFolder.RECORDING_PATH;
        return files + ", " + run.recording().eventsRead() + " events";
    }
}
