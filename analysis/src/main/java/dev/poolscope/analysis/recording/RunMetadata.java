package dev.poolscope.analysis.recording;

import dev.poolscope.format.metadata.AgentMetadata;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
        AgentMetadata m = JsonFiles.read(file, AgentMetadata.class);
        if (m == null) {
            return EMPTY;
        }
        List<Pool> pools = new ArrayList<>();
        if (m.pools() != null) {
            m.pools().stream().filter(Objects::nonNull)
                    .forEach(
                            p -> pools.add(new Pool(p.name(), p.maximumPoolSize(), p.connectionTimeoutMs())));
        }
        // r2dbc-pool pools have the same shape (maxSize, maxAcquireTimeMs); the rules size whichever pool there is.
        if (m.r2dbcPools() != null) {
            m.r2dbcPools().stream().filter(Objects::nonNull)
                    .forEach(p -> pools.add(new Pool(p.name(), p.maxSize(), p.maxAcquireTimeMs())));
        }
        AgentMetadata.Server server = m.server();
        AgentMetadata.AsyncProfiler asprof = m.asyncProfiler();
        return new RunMetadata(m.agentVersion(), m.pid(), m.startEpochMillis(), m.endEpochMillis(),
                m.jdk() == null ? null : m.jdk().version(),
                m.os() == null ? null : m.os().availableProcessors(), server == null ? null : server.type(),
                server == null ? null : server.maxThreads(), server == null ? null : server.virtualThreads(),
                List.copyOf(pools), asprof == null ? null : asprof.loaded(),
                asprof == null ? null : asprof.error(), m.suppressedErrors(), m.requestsBeforeRecording());
    }

    public Integer maximumPoolSize() {
        return pools.isEmpty() ? null : pools.getFirst().maximumPoolSize();
    }
}
