package dev.poolscope.format.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The agent's writer and the analysis' reader agree on every field, and on files agents wrote before the record:
 * run-main-0be4d12.json from a real run at commit 0be4d12 ({@code ./poolscope run --plan vu500 --vus 50 --duration
 * 10s}), older-agent.json from the analysis' starved-pool fixture (no recordingStartEpochMillis, r2dbcPools, ...).
 */
class AgentMetadataJsonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void stringsAreEscapedForJson() {
        assertEquals("\"a\\\"b\\\\c\\n\\u0001\"", AgentMetadataJson.str("a\"b\\c\n\u0001"));
        assertEquals("null", AgentMetadataJson.str(null));
    }

    @Test
    void aRealAgentsFileReadsAndIsWrittenBackByteForByte() throws IOException {
        String file = resource("run-main-0be4d12.json");
        AgentMetadata m = JSON.readValue(file, AgentMetadata.class);
        assertEquals(file, AgentMetadataJson.write(m));
        assertEquals("tomcat", m.server().type());
        assertEquals(10, m.pools().getFirst().maximumPoolSize());
        assertEquals("ctimer,wall", m.asyncProfiler().events());
    }

    @Test
    void whatTheWriterWritesTheReaderReadsBackWhole() throws IOException {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("out", "/tmp/a \"b\"");
        options.put("asprof", "true");
        AgentMetadata full = new AgentMetadata("v", 1L, 2L, 3L, 4L, 5L, new AgentMetadata.Jdk("25", "x", "y"),
                new AgentMetadata.Os("Linux", "amd64", 2), options,
                new AgentMetadata.Server("netty", null, false, 4),
                List.of(new AgentMetadata.HikariPool("HikariPool-1", 10, 10_000L),
                        new AgentMetadata.HikariPool("other", null, null)),
                List.of(new AgentMetadata.R2dbcPool("r2dbc-pool", 2, null)),
                new AgentMetadata.AsyncProfiler(true, "ctimer,wall", null, 6L), 7L);
        assertEquals(full, JSON.readValue(AgentMetadataJson.write(full), AgentMetadata.class));
        AgentMetadata empty = new AgentMetadata(null, null, null, null, null, null, null, null, null, null,
                List.of(), List.of(), null, null);
        assertEquals(empty, JSON.readValue(AgentMetadataJson.write(empty), AgentMetadata.class));
    }

    @Test
    void anOlderAgentsFileReadsWithItsMissingFieldsNull() throws IOException {
        AgentMetadata m = JSON.readValue(resource("older-agent.json"), AgentMetadata.class);
        assertEquals(200, m.server().maxThreads());
        assertNull(m.server().eventLoops());
        assertNull(m.recordingStartEpochMillis());
        assertNull(m.r2dbcPools());
        assertNull(m.asyncProfiler().startEpochMillis());
        assertEquals(5000L, m.pools().getFirst().connectionTimeoutMs());
    }

    @Test
    void theDocumentedExampleHasEveryFieldAndNoOther() throws IOException {
        String page = Files.readString(Path.of("..", "docs", "reference", "recording-format.md"));
        int section = page.indexOf("## `agent/metadata.json`");
        int from = page.indexOf("```json\n", section) + "```json\n".length();
        String example = page.substring(from, page.indexOf("```", from));
        Set<String> documented = new TreeSet<>();
        JSON.readTree(example).fieldNames().forEachRemaining(documented::add);
        Set<String> fields = new TreeSet<>();
        for (RecordComponent c : AgentMetadata.class.getRecordComponents()) {
            fields.add(c.getName());
        }
        assertEquals(fields, documented);
        JSON.readValue(example, AgentMetadata.class);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = AgentMetadataJsonTest.class.getResourceAsStream("/metadata/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
