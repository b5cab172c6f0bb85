package dev.poolscope.analysis.recording;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code run.json}, written by the launcher: the app's options and the phases of the run. Only what the analysis
 * uses is kept; unknown values stay null. A folder made by {@code ./poolscope app --agent DIR} has none. A folder
 * made by {@code ./poolscope attach} has {@code "mode": "attach"} and the pid: the load phase is the recorded
 * window, and there is no JMeter.
 */
public record RunConfig(String plan, List<String> appArgs, Map<String, String> app, Long loadStartMs,
        Long loadEndMs, Long warmupStartMs, Long warmupEndMs, Long heapUsedAfterGcBytes, Long attachedPid) {

    public static final RunConfig EMPTY = new RunConfig(null, List.of(), Map.of(), null, null, null, null,
            null, null);

    /** Reads the file; a missing file gives {@link #EMPTY}, a broken one a one-line exception. */
    public static RunConfig read(Path file) throws RecordingException {
        JsonNode root = JsonFiles.readObject(file);
        if (root == null) {
            return EMPTY;
        }
        List<String> args = new ArrayList<>();
        root.path("appArgs").forEach(a -> args.add(a.asText()));
        Map<String, String> app = new LinkedHashMap<>();
        root.path("app").properties().forEach(e -> {
            if (!e.getValue().isNull() && e.getValue().isValueNode()) {
                app.put(e.getKey(), e.getValue().asText());
            }
        });
        JsonNode phases = root.path("phases");
        JsonNode plan = root.path("plan");
        return new RunConfig(plan.isTextual() ? plan.asText() : null, List.copyOf(args), Map.copyOf(app),
                lng(phases.path("loadStartMs")), lng(phases.path("loadEndMs")),
                lng(phases.path("warmupStartMs")),
                lng(phases.path("warmupEndMs")), lng(root.path("memory").path("heapUsedAfterGcBytes")),
                root.path("mode").asText("").equals("attach") ? lng(root.path("pid")) : null);
    }

    /** True when the launcher recorded the load phase: the measured window. */
    public boolean hasLoadPhase() {
        return loadStartMs != null && loadEndMs != null && loadEndMs > loadStartMs;
    }

    /**
     * The value of an app option: {@code --name=value} in appArgs wins (it is what was asked for), else the field the
     * app reported when ready ({@code app.<field>}); null when neither is there.
     */
    public String option(String argName, String appField) {
        String prefix = "--" + argName + "=";
        String value = null;
        for (String a : appArgs) {
            if (a.startsWith(prefix)) {
                value = a.substring(prefix.length());
            }
        }
        return value != null ? value : app.get(appField);
    }

    private static Long lng(JsonNode v) {
        return v.isNumber() ? v.longValue() : null;
    }
}
