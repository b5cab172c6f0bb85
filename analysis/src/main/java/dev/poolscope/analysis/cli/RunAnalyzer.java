package dev.poolscope.analysis.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.flame.AgentCpuReader;
import dev.poolscope.analysis.flame.FlameGraphs;
import dev.poolscope.analysis.flame.ProfileKind;
import dev.poolscope.analysis.flame.WallSampleReader;
import dev.poolscope.analysis.jtl.JtlException;
import dev.poolscope.analysis.jtl.JtlReader;
import dev.poolscope.analysis.model.MeasuredWindow;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.RunModelBuilder;
import dev.poolscope.analysis.model.StackProfiles;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingException;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RecordingReader;
import dev.poolscope.analysis.recording.RunConfig;
import dev.poolscope.analysis.recording.RunMetadata;
import dev.poolscope.analysis.report.AgentCpuJson;
import dev.poolscope.analysis.report.FlameInput;
import dev.poolscope.analysis.report.ReportWriter;
import dev.poolscope.analysis.report.RunSummary;
import dev.poolscope.analysis.report.SummaryJson;
import dev.poolscope.analysis.report.TimelineJson;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.summary.SummaryFile;

/**
 * Analyzes one run folder into report.html, summary.json and flame graphs. Public so the launcher's run and sweep
 * commands can call it in-process.
 */
public final class RunAnalyzer {

    /** {@code ok} false: nothing useful could be made; {@code message} is one line either way. */
    public record Outcome(boolean ok, String message, RunModel model, Diagnosis.Result diagnosis) {
    }

    public Outcome analyze(Path runDir) {
        if (!Files.isDirectory(runDir)) {
            return fail("run folder " + runDir + " does not exist");
        }
        List<Path> instances = InstancesAnalyzer.agentFolders(runDir);
        if (!instances.isEmpty()) {
            return new InstancesAnalyzer(this).analyze(runDir, instances);
        }
        Built b = build(runDir, runDir.resolve(RunFolder.AGENT), RunFolder.AGENT);
        if (b.failure() != null) {
            return fail(b.failure());
        }
        RunModel model = b.model();
        Diagnosis.Result diagnosis = new Diagnosis().evaluate(model);
        RunSummary summary = RunSummary.of(model);
        try {
            List<FlameInput> flames = flames(runDir, runDir.resolve(RunFolder.AGENT), model, b, "");
            AgentCost cost = agentCost(runDir.resolve(RunFolder.AGENT), model);
            new TimelineJson().write(runDir, model);
            SummaryJson json = new SummaryJson();
            json.write(runDir.resolve(RunFolder.SUMMARY_JSON),
                    new SummaryFile(json.summary(model, summary, diagnosis), AgentCpuJson.of(cost.cpu())));
            new ReportWriter().write(runDir.resolve(RunFolder.REPORT_HTML), runDir.getFileName().toString(),
                    model,
                    summary, diagnosis, flames, cost.cpu(), cost.why());
        } catch (IOException | RuntimeException e) {
            return fail("cannot write the report into " + runDir + ": " + oneLine(e));
        }
        return outcome(runDir.resolve(RunFolder.REPORT_HTML), b, diagnosis);
    }

    /**
     * One agent folder's model, read with the run's .jtl and run.json; {@code failure} set when there was nothing to
     * analyze. {@code name} is the folder's name as notes cite it.
     */
    record Built(RunModel model, RecordingInfo recording, String recordingProblem, JtlReader.Result jtl,
            String jtlProblem, String failure, StackProfiles stacks) {
    }

    Built build(Path runDir, Path agent, String name) {
        List<String> notes = new ArrayList<>();
        RunMetadata metadata = RunMetadata.EMPTY;
        try {
            metadata = RunMetadata.read(agent.resolve(RunFolder.METADATA_JSON));
            if (metadata == RunMetadata.EMPTY) {
                notes.add(name + "/" + RunFolder.METADATA_JSON
                        + " is missing: pool size, server and CPU count are unknown");
            }
            Long early = metadata.requestsBeforeRecording();
            if (early != null && early > 0) {
                notes.add(early + " requests began before the JDK recording in " + name
                        + "/ had started and are not in it (the agent counted them)");
            }
        } catch (RecordingException e) {
            notes.add(e.getMessage());
        }
        RunConfig config = RunConfig.EMPTY;
        try {
            config = RunConfig.read(runDir.resolve(RunFolder.RUN_JSON));
        } catch (RecordingException e) {
            notes.add(e.getMessage());
        }
        RunModelBuilder builder = new RunModelBuilder();
        if (config.hasLoadPhase()) {
            builder.measure(MeasuredWindow.ofMillis(config.loadStartMs(), config.loadEndMs(),
                    MeasuredWindow.Source.LOAD_PHASE));
        }
        // The .jtl first: without run.json its span is the measured window, which the recording pass needs.
        JtlReader.Result jtl = null;
        String jtlProblem = null;
        try {
            jtl = new JtlReader().read(runDir.resolve(RunFolder.RESULTS_JTL_PATH), builder);
            if (!jtl.hasRequestId()) {
                notes.add(
                        RunFolder.RESULTS_JTL_PATH
                                + " has no requestId column: client samples are joined to server spans by path and"
                                + " time (approximate: concurrent requests to one path can swap partners)");
            }
            if (jtl.skipped() > 0) {
                notes.add(jtl.skipped() + " rows of " + RunFolder.RESULTS_JTL_PATH
                        + " could not be parsed and were skipped");
            }
        } catch (JtlException e) {
            jtlProblem = e.getMessage();
            if (config.attachedPid() != null && !Files.exists(runDir.resolve(RunFolder.JMETER))) {
                // Expected, not a fault: say what is missing and why instead.
                jtlProblem = null;
                notes.add("recorded by attaching to the running JVM pid " + config.attachedPid()
                        + ": no JMeter, so no client view (client latency, backlog and the client-server join are"
                        + " empty); every figure is the server's, and there are no start-up figures (the recording"
                        + " began after the app started)");
            } else {
                notes.add(jtlProblem);
            }
        }
        if (!config.hasLoadPhase() && builder.clientSpan() != null) {
            builder.measure(builder.clientSpan());
        }
        RecordingInfo recording = null;
        String recordingProblem = null;
        try {
            RecordingReader reader = new RecordingReader();
            recording = builder.read(reader, reader.open(agent));
            if (recording.fromRepository()) {
                notes.add(recording.warnings().getFirst() + " (the app was probably killed): "
                        + recording.files().size() + " chunks; the recording is partial");
            }
        } catch (RecordingException e) {
            recordingProblem = e.getMessage();
            notes.add(recordingProblem);
        }
        if (jtl != null && builder.wantsClientReread(jtl.hasRequestId())) {
            // The requests are a sample and the first read thinned the samples: fetch those of the kept requests.
            builder.rereadClient();
            try {
                new JtlReader().read(runDir.resolve(RunFolder.RESULTS_JTL_PATH), builder);
            } catch (JtlException e) {
                notes.add(e.getMessage());
            }
        }
        Path wall = agent.resolve(RunFolder.ASYNC_PROFILER_JFR);
        if (recording != null && Files.isRegularFile(wall)) {
            try {
                new WallSampleReader().read(wall, builder::wallSample, builder::profilerCpuSample);
            } catch (IOException | RuntimeException e) {
                notes.add(RunFolder.ASYNC_PROFILER_JFR + ": " + oneLine(e)
                        + "; time no event covers stays unexplained (no wall samples to name it)");
            }
        }
        if (recording == null && jtl == null) {
            return new Built(null, null, recordingProblem, null, jtlProblem,
                    "nothing to analyze: " + recordingProblem
                            + (jtlProblem == null ? "; no JMeter (attached)" : "; " + jtlProblem),
                    StackProfiles.NONE);
        }
        RunModel model = builder.build(metadata, recording, jtl, notes);
        List<String> more = new ArrayList<>();
        if (recording != null && recording.fromRepository()) {
            more.add(endedNote(recording, model));
        }
        if (model.requests().isEmpty()) {
            more.add(model.client().isEmpty()
                    ? "the run has no requests: neither " + RequestEvent.NAME + " events nor JMeter samples"
                    : "the recording has no " + RequestEvent.NAME
                            + " events: no diagnosis without server-side requests");
        }
        dev.poolscope.analysis.model.Startup startup = model.startup();
        if (config.attachedPid() != null) {
            // JVM start to the first request seen says when we attached, not how long the app took to start.
            startup = dev.poolscope.analysis.model.Startup.NONE;
        }
        if (!more.isEmpty() || startup != model.startup()) {
            List<String> all = new ArrayList<>(model.notes());
            all.addAll(more);
            model = rebuildNotes(model, all, startup);
        }
        return new Built(model, recording, recordingProblem, jtl, jtlProblem, null, builder.stackProfiles());
    }

    /** The one line a run's analysis ends with. */
    static Outcome outcome(Path report, Built b, Diagnosis.Result diagnosis) {
        RunModel model = b.model();
        RecordingInfo recording = b.recording();
        String recordingProblem = b.recordingProblem();
        String jtlProblem = b.jtlProblem();
        JtlReader.Result jtl = b.jtl();
        if (model.requests().isEmpty()) {
            return new Outcome(false, (model.client().isEmpty()
                    ? "the run has no requests"
                    : "the recording has no " + RequestEvent.NAME + " events, so there is no diagnosis")
                    + "; wrote a partial report " + report, model, diagnosis);
        }
        String partial = recording != null && recording.fromRepository()
                ? " (partial: " + endedNote(recording, model) + ")"
                : recording == null
                        ? " (partial: " + recordingProblem + ")"
                        : jtl == null && jtlProblem != null ? " (partial: " + jtlProblem + ")" : "";
        return new Outcome(true, "wrote " + report + "; primary cause: " + diagnosis.primaryCause()
                + (model.reactive()
                        ? "; recommendation: " + diagnosis.recommendation().kind()
                        : "; recommended worker threads: " + diagnosis.recommendation().threads())
                + partial, model,
                diagnosis);
    }

    /** Where a recording read from the repository's chunks ends, against the measured window. */
    static String endedNote(RecordingInfo recording, RunModel model) {
        double into = (recording.lastEventNanos() - model.window().startNanos()) / 1e9;
        String when = java.time.Instant.ofEpochMilli(recording.lastEventNanos() / 1_000_000L).toString();
        return String.format(java.util.Locale.ROOT,
                "the recording ends at %s, %.1f s into the %.1f s measured window", when, into,
                model.window().seconds());
    }

    private static RunModel rebuildNotes(RunModel m, List<String> notes,
            dev.poolscope.analysis.model.Startup startup) {
        return new RunModel(m.metadata(), m.recording(), m.jtl(), List.copyOf(notes), m.window(),
                m.startNanos(),
                m.endNanos(),
                m.requests(), m.client(), m.join(), m.serverTotal(), m.pools(), m.redis(), m.process(),
                m.workers(),
                m.eventLoop(), m.timeline(), m.slowest(), m.redisToConnectionGaps(), m.cpuFromSchedstat(),
                m.locks(), startup, m.loops(), m.sampling(), m.overlaps());
    }

    /** What the agent cost the app in the measured window, or why that is not known. */
    record AgentCost(AgentCpuReader.AgentCpu cpu, String why) {
    }

    static AgentCost agentCost(Path agent, RunModel model) {
        Path async = agent.resolve(RunFolder.ASYNC_PROFILER_JFR);
        if (!Files.isRegularFile(async)) {
            return new AgentCost(null,
                    RunFolder.ASYNC_PROFILER_PATH + " is absent (async-profiler off or not loaded): the"
                            + " agent's own CPU is not measured in this run.");
        }
        MeasuredWindow w = model.window();
        try {
            return new AgentCost(new AgentCpuReader().read(async, w::contains), null);
        } catch (IOException | RuntimeException e) {
            return new AgentCost(null,
                    "the agent's own CPU could not be read from " + RunFolder.ASYNC_PROFILER_JFR + ": "
                            + oneLine(e));
        }
    }

    /** Flame graphs into runDir; {@code prefix} goes before each file name (an instance's folder name and a dash). */
    List<FlameInput> flames(Path runDir, Path agent, RunModel model, Built b, String prefix) {
        FlameGraphs fg = new FlameGraphs();
        List<FlameInput> out = new ArrayList<>();
        Path async = agent.resolve(ProfileKind.ASYNC_PROFILER_FILE);
        boolean jdk = b.recording() != null;
        java.util.Set<Long> workers = new java.util.HashSet<>();
        model.requests().forEach(r -> workers.add(r.threadId()));
        FlameGraphs.Selection inWindow = ProfileKind.CPU.selection(model);
        FlameGraphs.Selection workerThreads = ProfileKind.WALL.selection(model);
        FlameGraphs.Selection inGaps = ProfileKind.GAPS.selection(model);
        if (Files.isRegularFile(async)) {
            out.add(flame(fg, async, FlameGraphs.Mode.CPU, prefix + "cpu", "CPU (async-profiler)", runDir,
                    inWindow,
                    null));
            out.add(flame(fg, async, FlameGraphs.Mode.WALL, prefix + "wall",
                    "Wall clock of worker threads (async-profiler)",
                    runDir, workerThreads, null));
            out.add(flame(fg, async, FlameGraphs.Mode.WALL, prefix + "wall-gaps",
                    "Wall clock inside Redis → getConnection gaps (" + model.redisToConnectionGaps().size()
                            + " gaps)",
                    runDir, inGaps,
                    model.redisToConnectionGaps().isEmpty()
                            ? "no request had a Redis wait followed"
                                    + " by getConnection, so this graph is empty"
                            : null));
        } else if (jdk) {
            out.add(flame(fg, b.stacks(), Events.StackKind.CPU, null, prefix + "cpu",
                    "CPU (JDK execution samples)",
                    runDir,
                    RunFolder.ASYNC_PROFILER_PATH
                            + " is absent: CPU from the JDK's execution samples; no wall-clock graphs"));
        } else {
            out.add(new FlameInput("CPU and wall clock", null,
                    "no async-profiler recording and no complete JDK recording: no flame graphs"));
        }
        if (jdk) {
            out.add(flame(fg, b.stacks(), Events.StackKind.LOCK, workers, prefix + "lock",
                    "Park and monitor waits of worker threads (JDK)", runDir, null));
        }
        return out;
    }

    /** A graph of the JDK recording's stacks, counted in the analysis' own pass. */
    private static FlameInput flame(FlameGraphs fg, StackProfiles stacks, Events.StackKind kind,
            java.util.Set<Long> threads, String name, String title, Path dir, String note) {
        try {
            return new FlameInput(title, fg.write(stacks, kind, threads, name, title, dir), note);
        } catch (IOException | RuntimeException e) {
            return new FlameInput(title, null, "could not build it: " + oneLine(e));
        }
    }

    private static FlameInput flame(FlameGraphs fg, Path jfr, FlameGraphs.Mode mode, String name,
            String title,
            Path dir, FlameGraphs.Selection sel, String note) {
        try {
            return new FlameInput(title, fg.write(jfr, mode, name, title, dir, sel), note);
        } catch (IOException | RuntimeException e) {
            return new FlameInput(title, null, "could not build it: " + oneLine(e));
        }
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    private static Outcome fail(String message) {
        return new Outcome(false, message, null, null);
    }
}
