package dev.poolscope.analysis.compare;

import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.analysis.recording.RunConfig;

/**
 * One run folder in a comparison. {@code summary} is null when the run cannot be compared; {@code problem} then says
 * why in one line. {@code value} is the knob's value ({@code null} when unknown), {@code label} what tables show.
 */
public record ComparedRun(Path dir, String value, String label, JsonNode summary, RunConfig config,
        String problem) {

    public boolean usable() {
        return summary != null;
    }

    /** A number from summary.json by dotted path ({@code client_ms.p99}); null when absent or not a number. */
    public Double number(String path) {
        JsonNode n = node(path);
        return n != null && n.isNumber() ? n.doubleValue() : null;
    }

    public JsonNode node(String path) {
        if (summary == null) {
            return null;
        }
        JsonNode n = summary;
        for (String p : path.split("\\.")) {
            n = n.path(p);
        }
        return n.isMissingNode() || n.isNull() ? null : n;
    }

    public String name() {
        return dir.getFileName() == null ? dir.toString() : dir.getFileName().toString();
    }
}
