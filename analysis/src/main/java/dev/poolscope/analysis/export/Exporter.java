package dev.poolscope.analysis.export;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.flame.FlameGraphs;
import dev.poolscope.analysis.flame.ProfileKind;
import dev.poolscope.analysis.flame.ProfileSamples;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.output.AtomicWrite;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingReader;
import dev.poolscope.format.folder.RunFolder;

/**
 * Writes one kind of a run's samples in one format: the samples of the report's flame graph of that kind (same
 * recording, same threads, same measured window), each labelled with the request around it where the format has
 * labels. Collapsed stacks come from the converter as they are; the other formats from {@link ProfileSamples}.
 */
public final class Exporter {

    /** A bad input or an unreadable file: the message is one line. */
    public static final class ExportException extends Exception {
        public ExportException(String message) {
            super(message);
        }
    }

    /**
     * The file written; {@code samples} as counted (lock: waits); {@code inRequests} of them inside a request, labelled
     * so when the format has labels ({@code labelled}).
     */
    public record Written(Path file, long samples, long inRequests, boolean labelled) {
    }

    /** The kinds this run has recordings for, in {@link ProfileKind} order. */
    public static List<ProfileKind> available(Path runDir, RunModel model) {
        List<ProfileKind> out = new ArrayList<>();
        for (ProfileKind k : ProfileKind.values()) {
            if (source(runDir, model, k) != null) {
                out.add(k);
            }
        }
        return out;
    }

    /**
     * Exports {@code kind} of the run in {@code runDir} (analysed into {@code model}) as {@code format} into
     * {@code out}. {@code primaryCause}: the run's, for the labels (null: unknown).
     */
    public Written export(Path runDir, RunModel model, String primaryCause, ExportFormat format,
            ProfileKind kind,
            Path out) throws ExportException {
        Path jfr = source(runDir, model, kind);
        if (jfr == null) {
            throw new ExportException(kind.asyncProfiler()
                    ? runDir.resolve(RunFolder.AGENT).resolve(ProfileKind.ASYNC_PROFILER_FILE)
                            + " is missing (async-profiler was off or did not load): no " + kind.id()
                            + " profile"
                    : "no complete JDK recording in " + runDir.resolve(RunFolder.AGENT) + ": no " + kind.id()
                            + " profile");
        }
        FlameGraphs.Selection selection = kind.selection(model);
        try {
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (format == ExportFormat.COLLAPSED) {
                long n = new FlameGraphs().writeCollapsed(jfr, kind.mode(), selection, out);
                return new Written(out, n, 0, false);
            }
            List<Events.Request> requests = new ArrayList<>();
            if (model.recording() != null) {
                RecordingReader.readRequests(model.recording().files(), requests::add);
            }
            RequestIndex index = new RequestIndex(requests);
            ProfileSamples.Stacks stacks = new ProfileSamples.Stacks();
            ProfileWriter writer = switch (format) {
                case PPROF -> new PprofWriter();
                case OTLP -> new OtlpWriter();
                case SPEEDSCOPE -> new SpeedscopeWriter();
                case COLLAPSED -> throw new IllegalStateException("written above");
            };
            long[] counts = new long[2];
            long interval = new ProfileSamples().read(jfr, kind.mode(), selection, stacks,
                    (t, java, thread, stack, count, nanos) -> {
                        Events.Request r = index.at(java, t);
                        counts[0] += count;
                        counts[1] += r == null ? 0 : count;
                        writer.sample(t, thread, r, stack, count, nanos);
                    });
            ProfileInfo info = new ProfileInfo(kind,
                    runDir.toAbsolutePath().normalize().getFileName().toString(),
                    model.window().startNanos(), model.window().endNanos(), interval, primaryCause, stacks);
            AtomicWrite.write(out, o -> writer.write(info, o));
            return new Written(out, counts[0], counts[1], true);
        } catch (IOException | RuntimeException e) {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new ExportException("cannot export " + kind.id() + " as " + format.id() + ": "
                    + m.lines().findFirst().orElse(m));
        }
    }

    /** The recording {@code kind} reads, or null when the run has none. */
    static Path source(Path runDir, RunModel model, ProfileKind kind) {
        if (kind.asyncProfiler()) {
            Path async = runDir.resolve(RunFolder.AGENT).resolve(ProfileKind.ASYNC_PROFILER_FILE);
            return Files.isRegularFile(async) ? async : null;
        }
        // As the report's lock graph: the JDK's recording.jfr, not the chunks of a killed app's repository.
        return model.recording() != null && !model.recording().fromRepository()
                ? model.recording().files().getFirst()
                : null;
    }
}
