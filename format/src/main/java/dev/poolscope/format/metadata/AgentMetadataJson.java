package dev.poolscope.format.metadata;

import java.util.Map;

/**
 * Writes {@link AgentMetadata} as the agent has always laid it out (one field a line, nested objects on one line),
 * without a JSON library: the agent carries none into its host (and no lambda: it may run in premain). Every value
 * is written, null as {@code null}.
 */
public final class AgentMetadataJson {

    private AgentMetadataJson() {
    }

    public static String write(AgentMetadata m) {
        StringBuilder j = new StringBuilder(1024).append("{\n");
        field(j, "agentVersion", str(m.agentVersion())).append(",\n");
        field(j, "pid", num(m.pid())).append(",\n");
        field(j, "startEpochMillis", num(m.startEpochMillis())).append(",\n");
        field(j, "endEpochMillis", num(m.endEpochMillis())).append(",\n");
        field(j, "recordingStartEpochMillis", num(m.recordingStartEpochMillis())).append(",\n");
        field(j, "requestsBeforeRecording", num(m.requestsBeforeRecording())).append(",\n");
        field(j, "jdk", m.jdk() == null
                ? "null"
                : "{ \"version\": " + str(m.jdk().version()) + ", \"vendor\": " + str(m.jdk().vendor())
                        + ", \"vmName\": " + str(m.jdk().vmName()) + " }")
                .append(",\n");
        field(j, "os", m.os() == null
                ? "null"
                : "{ \"name\": " + str(m.os().name()) + ", \"arch\": " + str(m.os().arch())
                        + ", \"availableProcessors\": " + num(m.os().availableProcessors()) + " }")
                .append(",\n");
        field(j, "options", options(m.options())).append(",\n");
        AgentMetadata.Server s = m.server();
        field(j, "server", s == null
                ? "null"
                : "{ \"type\": " + str(s.type()) + ", \"maxThreads\": " + num(s.maxThreads())
                        + ", \"virtualThreads\": " + s.virtualThreads() + ", \"eventLoops\": "
                        + num(s.eventLoops()) + " }")
                .append(",\n");
        String[] pools = null;
        if (m.pools() != null) {
            pools = new String[m.pools().size()];
            for (int i = 0; i < pools.length; i++) {
                AgentMetadata.HikariPool p = m.pools().get(i);
                pools[i] = "{ \"name\": " + str(p.name()) + ", \"maximumPoolSize\": "
                        + num(p.maximumPoolSize())
                        + ", \"connectionTimeoutMs\": " + num(p.connectionTimeoutMs()) + " }";
            }
        }
        field(j, "pools", array(pools)).append(",\n");
        String[] r2dbc = null;
        if (m.r2dbcPools() != null) {
            r2dbc = new String[m.r2dbcPools().size()];
            for (int i = 0; i < r2dbc.length; i++) {
                AgentMetadata.R2dbcPool p = m.r2dbcPools().get(i);
                r2dbc[i] = "{ \"name\": " + str(p.name()) + ", \"maxSize\": " + num(p.maxSize())
                        + ", \"maxAcquireTimeMs\": " + num(p.maxAcquireTimeMs()) + " }";
            }
        }
        field(j, "r2dbcPools", array(r2dbc)).append(",\n");
        AgentMetadata.AsyncProfiler a = m.asyncProfiler();
        field(j, "asyncProfiler", a == null
                ? "null"
                : "{ \"loaded\": " + a.loaded() + ", \"events\": " + str(a.events()) + ", \"error\": "
                        + str(a.error()) + ", \"startEpochMillis\": " + num(a.startEpochMillis()) + " }")
                .append(",\n");
        field(j, "suppressedErrors", num(m.suppressedErrors())).append("\n}\n");
        return j.toString();
    }

    private static String options(Map<String, String> options) {
        if (options == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("{ ");
        boolean first = true;
        for (Map.Entry<String, String> e : options.entrySet()) {
            b.append(first ? "" : ", ").append(str(e.getKey())).append(": ").append(str(e.getValue()));
            first = false;
        }
        return b.append(" }").toString();
    }

    private static String array(String[] items) {
        if (items == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < items.length; i++) {
            b.append(i == 0 ? " " : ", ").append(items[i]);
        }
        return b.append(items.length == 0 ? "]" : " ]").toString();
    }

    private static StringBuilder field(StringBuilder j, String name, String json) {
        return j.append("  ").append(str(name)).append(": ").append(json);
    }

    private static String num(Number n) {
        return String.valueOf(n);
    }

    /** A JSON string literal, or {@code null}. */
    public static String str(String s) {
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
