package dev.poolscope.agent;

import dev.poolscope.agent.hikari.HikariPools;
import dev.poolscope.agent.netty.NettyHooks;
import dev.poolscope.agent.r2dbc.R2dbcPools;
import dev.poolscope.agent.request.RequestStats;
import dev.poolscope.agent.workers.WorkerPools;
import dev.poolscope.format.folder.RunFolder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * {@code metadata.json}: written at start, rewritten at shutdown with what was discovered. Unknown values are
 * null, never guessed. Hand-written JSON: the agent carries no JSON library into the host.
 */
final class Metadata {
    static final String FILE = RunFolder.METADATA_JSON;

    /** {@code startEpochMillis}: when it began sampling, null when it did not. */
    record AsyncProfilerState(boolean loaded, String events, String error, Long startEpochMillis) {
    }

    static void write(AgentOptions o, String agentVersion, long startEpochMillis, Long endEpochMillis,
            Long recordingStartEpochMillis, AsyncProfilerState asprof) throws IOException {
        StringBuilder j = new StringBuilder(1024);
        j.append("{\n");
        field(j, "agentVersion", str(agentVersion)).append(",\n");
        field(j, "pid", Long.toString(ProcessHandle.current().pid())).append(",\n");
        field(j, "startEpochMillis", Long.toString(startEpochMillis)).append(",\n");
        field(j, "endEpochMillis", endEpochMillis == null ? "null" : endEpochMillis.toString()).append(",\n");
        field(j, "recordingStartEpochMillis", String.valueOf(recordingStartEpochMillis)).append(",\n");
        field(j, "requestsBeforeRecording", Long.toString(RequestStats.beganBeforeRecording())).append(",\n");
        field(j, "jdk",
                "{ \"version\": " + str(System.getProperty("java.version")) + ", \"vendor\": "
                        + str(System.getProperty("java.vendor")) + ", \"vmName\": "
                        + str(System.getProperty("java.vm.name")) + " }")
                .append(",\n");
        field(j, "os",
                "{ \"name\": " + str(System.getProperty("os.name")) + ", \"arch\": "
                        + str(System.getProperty("os.arch")) + ", \"availableProcessors\": "
                        + Runtime.getRuntime().availableProcessors() + " }")
                .append(",\n");
        StringBuilder opts = new StringBuilder("{ ");
        boolean first = true;
        for (Map.Entry<String, String> e : AgentOptions.defaults().entrySet()) {
            opts.append(first ? "" : ", ").append(str(e.getKey())).append(": ")
                    .append(str(o.effective().get(e.getKey())));
            first = false;
        }
        field(j, "options", opts.append(" }").toString()).append(",\n");
        field(j, "server", server()).append(",\n");
        StringBuilder pools = new StringBuilder("[");
        List<HikariPools.Info> infos = HikariPools.infos();
        for (int i = 0; i < infos.size(); i++) {
            HikariPools.Info p = infos.get(i);
            pools.append(i == 0 ? " " : ", ").append("{ \"name\": ").append(str(p.name()))
                    .append(", \"maximumPoolSize\": ")
                    .append(p.maximumPoolSize() < 0 ? "null" : p.maximumPoolSize())
                    .append(", \"connectionTimeoutMs\": ")
                    .append(p.connectionTimeoutMs() < 0 ? "null" : p.connectionTimeoutMs()).append(" }");
        }
        field(j, "pools", pools.append(infos.isEmpty() ? "]" : " ]").toString()).append(",\n");
        StringBuilder r2dbc = new StringBuilder("[");
        List<R2dbcPools.Info> r2dbcInfos = R2dbcPools.infos();
        for (int i = 0; i < r2dbcInfos.size(); i++) {
            R2dbcPools.Info p = r2dbcInfos.get(i);
            r2dbc.append(i == 0 ? " " : ", ").append("{ \"name\": ").append(str(p.name()))
                    .append(", \"maxSize\": ").append(p.maxSize() < 0 ? "null" : p.maxSize())
                    .append(", \"maxAcquireTimeMs\": ")
                    .append(p.maxAcquireTimeMs() < 0 ? "null" : p.maxAcquireTimeMs()).append(" }");
        }
        field(j, "r2dbcPools", r2dbc.append(r2dbcInfos.isEmpty() ? "]" : " ]").toString()).append(",\n");
        field(j, "asyncProfiler", "{ \"loaded\": " + asprof.loaded() + ", \"events\": " + str(asprof.events())
                + ", \"error\": " + str(asprof.error()) + ", \"startEpochMillis\": "
                + asprof.startEpochMillis() + " }").append(",\n");
        field(j, "suppressedErrors", Long.toString(Suppressed.count())).append("\n}\n");

        Path target = o.out().resolve(FILE);
        Path tmp = o.out().resolve(FILE + ".tmp");
        Files.writeString(tmp, j, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String server() {
        List<WorkerPools.Gauge> gauges = WorkerPools.gauges();
        String type = null;
        Integer maxThreads = null;
        for (WorkerPools.Gauge g : gauges) {
            // Tomcat and Jetty may keep more than one pool; the largest is the request pool.
            if (g.max() > 0 && (maxThreads == null || g.max() > maxThreads)) {
                maxThreads = g.max();
                type = g.server();
            }
        }
        if (type == null && !"unknown".equals(RequestStats.lastServer())) {
            type = RequestStats.lastServer();
        }
        if (type == null && gauges.isEmpty() && RequestStats.completed() == 0) {
            return "null";
        }
        boolean virtual = RequestStats.sawVirtualThread();
        return "{ \"type\": " + str(type) + ", \"maxThreads\": "
                + (virtual || maxThreads == null ? "null" : maxThreads)
                + ", \"virtualThreads\": " + virtual + ", \"eventLoops\": "
                + (NettyHooks.eventLoops() > 0 ? NettyHooks.eventLoops() : "null") + " }";
    }

    private static StringBuilder field(StringBuilder j, String name, String json) {
        return j.append("  ").append(str(name)).append(": ").append(json);
    }

    static String str(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
