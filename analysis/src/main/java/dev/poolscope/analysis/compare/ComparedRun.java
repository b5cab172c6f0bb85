package dev.poolscope.analysis.compare;

import java.nio.file.Path;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.analysis.recording.RunConfig;

/**
 * One run folder in a comparison. {@code summary} is null when the run cannot be compared; {@code problem} then says
 * why in one line. {@code value} is the knob's value ({@code null} when unknown), {@code label} what tables show.
 * {@code setting} holds every varied knob's value (in the order the knobs were varied), {@code repeat} which of a
 * setting's repeated runs this is (1 when not repeated).
 */
public record ComparedRun(Path dir, String value, String label, JsonNode summary, RunConfig config,
        String problem,
        Map<String, String> setting, int repeat) {

    public ComparedRun {
        setting = setting == null
                ? Map.of()
                : java.util.Collections.unmodifiableMap(
                        new java.util.LinkedHashMap<>(setting));
    }

    /** A run of a one-knob comparison, not repeated. */
    public ComparedRun(Path dir, String value, String label, JsonNode summary, RunConfig config,
            String problem) {
        this(dir, value, label, summary, config, problem, Map.of(), 1);
    }

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
