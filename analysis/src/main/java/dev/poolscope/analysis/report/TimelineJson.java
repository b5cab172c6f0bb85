package dev.poolscope.analysis.report;

import java.io.IOException;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.StateTimeline;
import dev.poolscope.format.folder.RunFolder;

/**
 * {@code timeline.json}: the worker lanes of one run, kept so {@code compare} can draw every setting side by side
 * without reading the recordings again. Written by {@code analyze}; times are epoch nanoseconds.
 */
public final class TimelineJson {
    static final String FILE = RunFolder.TIMELINE_JSON;

    /** The lanes and the span they were drawn over (first to last measured request or sample). */
    public record Data(long startNanos, long endNanos, StateTimeline timeline) {
        public double seconds() {
            return Math.max(0, endNanos - startNanos) / 1e9;
        }
    }

    private final ObjectMapper mapper = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public void write(Path runDir, RunModel run) throws IOException {
        Data data = new Data(run.startNanos(), run.endNanos(), run.timeline());
        dev.poolscope.analysis.output.AtomicWrite.write(runDir.resolve(FILE),
                out -> mapper.writeValue(out, data));
    }

    /** Reads RUN_DIR/timeline.json; IOException with a one-line message when missing or broken. */
    public Data read(Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        if (!file.toFile().isFile()) {
            throw new IOException(FILE + " is missing (run analyze again)");
        }
        Data d = mapper.readValue(file.toFile(), Data.class);
        if (d == null || d.timeline() == null || d.timeline().lanes() == null) {
            throw new IOException(FILE + " has no lanes");
        }
        return d;
    }
}
