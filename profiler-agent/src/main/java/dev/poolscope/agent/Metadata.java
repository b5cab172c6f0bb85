package dev.poolscope.agent;

import dev.poolscope.agent.hikari.HikariPools;
import dev.poolscope.agent.netty.NettyHooks;
import dev.poolscope.agent.r2dbc.R2dbcPools;
import dev.poolscope.agent.request.RequestStats;
import dev.poolscope.agent.workers.WorkerPools;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.metadata.AgentMetadata;
import dev.poolscope.format.metadata.AgentMetadataJson;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code metadata.json}: written at start, rewritten at shutdown with what was discovered. Unknown values are
 * null, never guessed. The record and its writer are the format module's; this gathers the values.
 */
final class Metadata {
    static final String FILE = RunFolder.METADATA_JSON;

    static void write(AgentOptions o, String agentVersion, long startEpochMillis, Long endEpochMillis,
            Long recordingStartEpochMillis, AgentMetadata.AsyncProfiler asprof) throws IOException {
        Map<String, String> options = new LinkedHashMap<>();
        for (String name : AgentOptions.defaults().keySet()) {
            options.put(name, o.effective().get(name));
        }
        List<AgentMetadata.HikariPool> pools = new ArrayList<>();
        for (HikariPools.Info p : HikariPools.infos()) {
            pools.add(new AgentMetadata.HikariPool(p.name(),
                    p.maximumPoolSize() < 0 ? null : p.maximumPoolSize(),
                    p.connectionTimeoutMs() < 0 ? null : p.connectionTimeoutMs()));
        }
        List<AgentMetadata.R2dbcPool> r2dbcPools = new ArrayList<>();
        for (R2dbcPools.Info p : R2dbcPools.infos()) {
            r2dbcPools.add(new AgentMetadata.R2dbcPool(p.name(), p.maxSize() < 0 ? null : p.maxSize(),
                    p.maxAcquireTimeMs() < 0 ? null : p.maxAcquireTimeMs()));
        }
        AgentMetadata m = new AgentMetadata(agentVersion, ProcessHandle.current().pid(), startEpochMillis,
                endEpochMillis, recordingStartEpochMillis, RequestStats.beganBeforeRecording(),
                new AgentMetadata.Jdk(System.getProperty("java.version"), System.getProperty("java.vendor"),
                        System.getProperty("java.vm.name")),
                new AgentMetadata.Os(System.getProperty("os.name"), System.getProperty("os.arch"),
                        Runtime.getRuntime().availableProcessors()),
                options, server(), pools, r2dbcPools, asprof, Suppressed.count());

        Path target = o.out().resolve(FILE);
        Path tmp = o.out().resolve(FILE + ".tmp");
        Files.writeString(tmp, AgentMetadataJson.write(m), StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static AgentMetadata.Server server() {
        // Read once more, then the request pool as the reads saw it: by now the server may have stopped and its pool
        // been collected.
        List<WorkerPools.Gauge> gauges = WorkerPools.gauges();
        WorkerPools.Gauge pool = WorkerPools.requestPool();
        String type = pool == null ? null : pool.server();
        Integer maxThreads = pool == null ? null : pool.max();
        if (type == null && !"unknown".equals(RequestStats.lastServer())) {
            type = RequestStats.lastServer();
        }
        if (type == null && gauges.isEmpty() && RequestStats.completed() == 0) {
            return null;
        }
        boolean virtual = RequestStats.sawVirtualThread();
        return new AgentMetadata.Server(type, virtual ? null : maxThreads, virtual,
                NettyHooks.eventLoops() > 0 ? NettyHooks.eventLoops() : null);
    }
}
