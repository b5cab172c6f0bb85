package dev.poolscope.analysis.recording;

import dev.poolscope.format.run.RunJson;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
        RunJson run = JsonFiles.read(file, RunJson.class);
        if (run == null) {
            return EMPTY;
        }
        List<String> args = new ArrayList<>();
        if (run.appArgs() != null) {
            run.appArgs().stream().filter(Objects::nonNull).forEach(args::add);
        }
        Map<String, String> app = new LinkedHashMap<>();
        if (run.app() != null) {
            run.app().forEach((k, v) -> {
                if (v != null) {
                    app.put(k, v);
                }
            });
        }
        RunJson.Phases phases = run.phases() != null ? run.phases() : RunJson.Phases.NONE;
        return new RunConfig(run.plan(), List.copyOf(args), Map.copyOf(app), phases.loadStartMs(),
                phases.loadEndMs(), phases.warmupStartMs(), phases.warmupEndMs(),
                run.memory() == null ? null : run.memory().heapUsedAfterGcBytes(),
                run.attached() ? run.pid() : null);
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
}
