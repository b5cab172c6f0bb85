package dev.poolscope.format.metadata;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * {@code agent/metadata.json}: what the agent knew about its JVM, written at start and rewritten at shutdown with what
 * it discovered (docs/reference/recording-format.md). Unknown values are null, never guessed. The agent writes it with
 * {@link AgentMetadataJson} (it carries no JSON library into its host); the analysis reads it with Jackson, ignoring
 * fields it does not know, so an older agent's file (without {@code requestsBeforeRecording}, say) still reads.
 *
 * @param startEpochMillis
 *            when the agent began (premain or the attach)
 * @param recordingStartEpochMillis
 *            when the JDK recording began; null when it did not
 * @param requestsBeforeRecording
 *            request spans that began before the JDK recording ran
 * @param options
 *            every agent option and its effective value, as strings
 * @param server
 *            the web server that served the requests; null when there was none
 * @param pools
 *            HikariCP pools; empty when none
 * @param r2dbcPools
 *            r2dbc-pool pools; empty when none
 * @param suppressedErrors
 *            Throwables the agent caught and swallowed
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentMetadata(String agentVersion, Long pid, Long startEpochMillis, Long endEpochMillis,
        Long recordingStartEpochMillis, Long requestsBeforeRecording, Jdk jdk, Os os,
        Map<String, String> options,
        Server server, List<HikariPool> pools, List<R2dbcPool> r2dbcPools, AsyncProfiler asyncProfiler,
        Long suppressedErrors) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Jdk(String version, String vendor, String vmName) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Os(String name, String arch, Integer availableProcessors) {
    }

    /**
     * @param type
     *            {@code tomcat}, {@code jetty}, {@code undertow} or {@code netty}
     * @param maxThreads
     *            the worker pool's maximum; null for virtual threads and Netty
     * @param eventLoops
     *            Netty: the distinct threads that decoded a request; null for servlet servers
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Server(String type, Integer maxThreads, Boolean virtualThreads, Integer eventLoops) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record HikariPool(String name, Integer maximumPoolSize, Long connectionTimeoutMs) {
    }

    /** {@code maxAcquireTimeMs} is null when unbounded. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record R2dbcPool(String name, Integer maxSize, Long maxAcquireTimeMs) {
    }

    /**
     * @param events
     *            the engines it samples with, e.g. {@code ctimer,wall}
     * @param startEpochMillis
     *            when it began sampling; null when it did not
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record AsyncProfiler(Boolean loaded, String events, String error, Long startEpochMillis) {
    }
}
