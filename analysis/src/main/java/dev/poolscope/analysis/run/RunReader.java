package dev.poolscope.analysis.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

import dev.poolscope.analysis.flame.WallSampleReader;
import dev.poolscope.analysis.jtl.JtlException;
import dev.poolscope.analysis.jtl.JtlReader;
import dev.poolscope.analysis.model.MeasuredWindow;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.RunModelBuilder;
import dev.poolscope.analysis.model.StackProfiles;
import dev.poolscope.analysis.output.OneLine;
import dev.poolscope.analysis.recording.Futures;
import dev.poolscope.analysis.recording.RecordingException;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RecordingReader;
import dev.poolscope.analysis.recording.RunConfig;
import dev.poolscope.analysis.recording.RunMetadata;
import dev.poolscope.format.folder.RunFolder;

/**
 * Reads one agent folder with the run's run.json and .jtl into a model: the agent's metadata, the .jtl, the JDK
 * recording, the .jtl again when the first read thinned the client samples, and async-profiler's wall samples. What
 * is missing or damaged becomes a note ({@link RunNotes}), not a failure, as long as something can be analysed. A
 * reader made {@link #splitting} keeps its read apart in time, so {@link #steady} can then build a steady part without
 * reading the recording again.
 */
public final class RunReader {

    /**
     * One agent folder's model and what its inputs gave; {@code failure} set when there was nothing to analyze.
     */
    public record Result(RunModel model, RecordingInfo recording, String recordingProblem,
            JtlReader.Result jtl,
            String jtlProblem, String failure, StackProfiles stacks) {
    }

    /** The first read of the .jtl: its result, or why there is none. */
    private record JtlRead(JtlReader.Result result, JtlException problem) {
        static JtlRead of(Path file, RunModelBuilder builder) {
            try {
                return new JtlRead(new JtlReader().read(file, builder), null);
            } catch (JtlException e) {
                return new JtlRead(null, e);
            }
        }

        static JtlRead await(FutureTask<JtlRead> read) {
            return Futures.await(read, "the .jtl");
        }
    }

    private final Supplier<RunModelBuilder> builders;
    /** Whether a read is kept apart for the steady part ({@link #steady}). */
    private final boolean split;
    /** What the last read leaves for {@link #steady}, when it was kept apart. */
    private Kept kept;

    /** What a read kept apart leaves for the steady part: its builder, and what its notes came from. */
    private record Kept(Path runDir, Path agent, RunModelBuilder builder, RunMetadata metadata,
            RunConfig config,
            List<String> notes, RecordingInfo recording, String recordingProblem) {
    }

    public RunReader() {
        this(RunModelBuilder::new, false);
    }

    /** With builders of smaller caps, so tests can reach them with a small run. */
    RunReader(Supplier<RunModelBuilder> builders) {
        this(builders, false);
    }

    /** {@code split}: keep each read apart in time, so {@link #steady} can build its steady part without reading again. */
    RunReader(Supplier<RunModelBuilder> builders, boolean split) {
        this.builders = builders;
        this.split = split;
    }

    /** A reader whose reads are kept apart in time for {@link #steady}. */
    static RunReader splitting() {
        return new RunReader(RunModelBuilder::new, true);
    }

    /** {@code name} is the agent folder's name as notes cite it. */
    public Result read(Path runDir, Path agent, String name) {
        return read(runDir, agent, name, null);
    }

    /**
     * Read on {@code window}, or, when null, on the window run.json or the .jtl give, or the whole recording (the
     * steady part's window is given: {@link SteadyReader}).
     */
    Result read(Path runDir, Path agent, String name, MeasuredWindow window) {
        kept = null;
        List<String> notes = new ArrayList<>();
        RunMetadata metadata = RunMetadata.EMPTY;
        try {
            metadata = RunMetadata.read(agent.resolve(RunFolder.METADATA_JSON));
            if (metadata == RunMetadata.EMPTY) {
                notes.add(RunNotes.metadataMissing(name));
            }
            Long early = metadata.requestsBeforeRecording();
            if (early != null && early > 0) {
                notes.add(RunNotes.requestsBeforeRecording(early, name));
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
        RunModelBuilder builder = builders.get();
        if (split) {
            builder.splitForSteady();
        }
        if (window != null) {
            builder.measure(window);
        } else if (config.hasLoadPhase()) {
            builder.measure(MeasuredWindow.ofMillis(config.loadStartMs(), config.loadEndMs(),
                    MeasuredWindow.Source.LOAD_PHASE));
        }
        // The .jtl first: without run.json its span is the measured window, which the recording pass needs. With the
        // window known it is read on a thread of its own beside the recording's full pass (the two meet only in the
        // client join), once the request passes chose the requests: then it keeps their samples on its one read.
        Path results = runDir.resolve(RunFolder.RESULTS_JTL_PATH);
        boolean windowKnown = window != null || config.hasLoadPhase();
        FutureTask<JtlRead> jtlRead = new FutureTask<>(() -> JtlRead.of(results, builder));
        if (!windowKnown) {
            jtlRead.run();
            if (builder.clientSpan() != null) {
                builder.measure(builder.clientSpan());
            }
        }
        RecordingInfo recording = null;
        String recordingProblem = null;
        RecordingReader reader = new RecordingReader();
        RecordingReader.Source source = null;
        try {
            source = reader.open(agent);
            builder.chooseRequests(reader, source);
        } catch (RecordingException e) {
            recordingProblem = e.getMessage();
        }
        if (windowKnown) {
            builder.clientAfterRequests();
            Thread t = new Thread(jtlRead, "poolscope-jtl");
            t.setDaemon(true);
            t.start();
        }
        if (recordingProblem == null) {
            try {
                recording = builder.readAll(reader, source);
            } catch (RecordingException e) {
                recordingProblem = e.getMessage();
            }
        }
        Kept k = new Kept(runDir, agent, builder, metadata, config, List.copyOf(notes), recording,
                recordingProblem);
        Result r = finish(k, JtlRead.await(jtlRead), notes);
        if (split && r.model() != null && recording != null) {
            kept = k;
        }
        return r;
    }

    /**
     * The model on {@code window}, inside the last read's, from that read's segments (its recording not read again;
     * its .jtl is, on the new window); null when the last read was not kept apart, or its segments do not hold the
     * window. Once only: the last read's segments go with it.
     */
    Result steady(MeasuredWindow window) {
        Kept k = kept;
        kept = null;
        if (k == null) {
            return null;
        }
        RunModelBuilder builder = k.builder().steady(window);
        if (builder == null) {
            return null;
        }
        builder.clientAfterRequests();
        Path results = k.runDir().resolve(RunFolder.RESULTS_JTL_PATH);
        return finish(
                new Kept(k.runDir(), k.agent(), builder, k.metadata(), k.config(), k.notes(), k.recording(),
                        k.recordingProblem()),
                JtlRead.of(results, builder), new ArrayList<>(k.notes()));
    }

    /** After the reads: the .jtl's and the recording's notes, the client samples again when wanted, the model. */
    private static Result finish(Kept k, JtlRead read, List<String> notes) {
        RunModelBuilder builder = k.builder();
        RecordingInfo recording = k.recording();
        String recordingProblem = k.recordingProblem();
        RunConfig config = k.config();
        Path results = k.runDir().resolve(RunFolder.RESULTS_JTL_PATH);
        JtlReader.Result jtl = read.result();
        String jtlProblem = null;
        if (jtl != null) {
            if (!jtl.hasRequestId()) {
                notes.add(RunNotes.noRequestIdColumn());
            }
            if (jtl.skipped() > 0) {
                notes.add(RunNotes.skippedRows(jtl.skipped()));
            }
        } else {
            jtlProblem = read.problem().getMessage();
            if (config.attachedPid() != null && !Files.exists(k.runDir().resolve(RunFolder.JMETER))) {
                // Expected, not a fault: say what is missing and why instead.
                jtlProblem = null;
                notes.add(RunNotes.attached(config.attachedPid()));
            } else {
                notes.add(jtlProblem);
            }
        }
        if (recording != null && recording.fromRepository()) {
            notes.add(RunNotes.fromRepository(recording));
        }
        if (recordingProblem != null) {
            notes.add(recordingProblem);
        }
        if (jtl != null && builder.wantsClientReread(jtl.hasRequestId()) && builder.rereadClient()) {
            // The requests are a sample, the first read thinned the samples and could not keep the kept requests'
            // (it came first, for the window): fetch them.
            try {
                new JtlReader().read(results, builder);
            } catch (JtlException e) {
                notes.add(e.getMessage());
            }
        }
        Path wall = k.agent().resolve(RunFolder.ASYNC_PROFILER_JFR);
        if (recording != null && Files.isRegularFile(wall)) {
            try {
                new WallSampleReader().read(wall, builder::wallSample, builder::profilerCpuSample);
            } catch (IOException | RuntimeException e) {
                notes.add(RunNotes.wallSamplesUnreadable(OneLine.of(e)));
            }
        }
        if (recording == null && jtl == null) {
            return new Result(null, null, recordingProblem, null, jtlProblem,
                    "nothing to analyze: " + recordingProblem
                            + (jtlProblem == null ? "; no JMeter (attached)" : "; " + jtlProblem),
                    StackProfiles.NONE);
        }
        RunModel model = RunNotes.afterBuild(builder.build(k.metadata(), recording, jtl, notes), recording,
                config);
        return new Result(model, recording, recordingProblem, jtl, jtlProblem, null, builder.stackProfiles());
    }
}
