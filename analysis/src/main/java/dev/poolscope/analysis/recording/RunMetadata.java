package dev.poolscope.analysis.recording;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code agent/metadata.json}. Unknown values stay null: the agent writes null rather than guess, and so do we.
 */
public record RunMetadata(String agentVersion, Long pid, Long startEpochMillis, Long endEpochMillis,
        String jdkVersion,
        Integer availableProcessors, String serverType, Integer maxThreads, Boolean virtualThreads,
        List<Pool> pools,
        Boolean asyncProfilerLoaded, String asyncProfilerError, Long suppressedErrors,
        Long requestsBeforeRecording) {

    /** Without {@code requestsBeforeRecording}: an agent older than the off-premain start never wrote it. */
    public RunMetadata(String agentVersion, Long pid, Long startEpochMillis, Long endEpochMillis,
            String jdkVersion,
            Integer availableProcessors, String serverType, Integer maxThreads, Boolean virtualThreads,
            List<Pool> pools, Boolean asyncProfilerLoaded, String asyncProfilerError, Long suppressedErrors) {
        this(agentVersion, pid, startEpochMillis, endEpochMillis, jdkVersion, availableProcessors, serverType,
                maxThreads, virtualThreads, pools, asyncProfilerLoaded, asyncProfilerError, suppressedErrors,
                null);
    }

    public record Pool(String name, Integer maximumPoolSize, Long connectionTimeoutMs) {
    }

    public static final RunMetadata EMPTY = new RunMetadata(null, null, null, null, null, null, null, null,
            null,
            List.of(), null, null, null);

    /** Reads the file; a missing file gives {@link #EMPTY}, a broken one a one-line exception. */
    public static RunMetadata read(Path file) throws RecordingException {
        JsonNode root = JsonFiles.readObject(file);
        if (root == null) {
            return EMPTY;
        }
        List<Pool> pools = new ArrayList<>();
        for (JsonNode p : root.path("pools")) {
            pools.add(new Pool(text(p, "name"), integer(p.path("maximumPoolSize")),
                    lng(p.path("connectionTimeoutMs"))));
        }
        // r2dbc-pool pools have the same shape (maxSize, maxAcquireTimeMs); the rules size whichever pool there is.
        for (JsonNode p : root.path("r2dbcPools")) {
            pools.add(new Pool(text(p, "name"), integer(p.path("maxSize")), lng(p.path("maxAcquireTimeMs"))));
        }
        return new RunMetadata(text(root, "agentVersion"), lng(root.path("pid")),
                lng(root.path("startEpochMillis")),
                lng(root.path("endEpochMillis")), text(root.path("jdk"), "version"),
                integer(root.path("os").path("availableProcessors")), text(root.path("server"), "type"),
                integer(root.path("server").path("maxThreads")),
                bool(root.path("server").path("virtualThreads")),
                List.copyOf(pools), bool(root.path("asyncProfiler").path("loaded")),
                text(root.path("asyncProfiler"), "error"), lng(root.path("suppressedErrors")),
                lng(root.path("requestsBeforeRecording")));
    }

    public Integer maximumPoolSize() {
        return pools.isEmpty() ? null : pools.getFirst().maximumPoolSize();
    }

    private static String text(JsonNode n, String f) {
        JsonNode v = n.path(f);
        return v.isMissingNode() || v.isNull() ? null : v.asText();
    }

    private static Integer integer(JsonNode v) {
        return v.isNumber() ? v.intValue() : null;
    }

    private static Long lng(JsonNode v) {
        return v.isNumber() ? v.longValue() : null;
    }

    private static Boolean bool(JsonNode v) {
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        return v.isTextual() ? Boolean.valueOf(v.asText()) : null;
    }
}
