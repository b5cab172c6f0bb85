package dev.poolscope.format.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * summary.json files the analysis wrote before the records (main at 0be4d12) read into them and write back byte for
 * byte, so the records hold every field, in the file's order, with its nulls: run-main-0be4d12.json is a real run's
 * ({@code ./poolscope run --plan vu500 --vus 50 --duration 10s}); reactive-main-0be4d12.json the analysis of the
 * reactive-starved-pool fixture (event loops, no JMeter); instances-main-0be4d12.json that run's folder analysed as
 * two instances.
 */
class SummaryTest {
    /** As the analysis writes it. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @ParameterizedTest
    @ValueSource(strings = {"run-main-0be4d12.json", "reactive-main-0be4d12.json"})
    void aRunsSummaryReadsAndWritesBackByteForByte(String name) throws IOException {
        String file = resource(name);
        JsonNode tree = JSON.readTree(file);
        SummaryFile again = new SummaryFile(JSON.treeToValue(tree, Summary.class),
                JSON.treeToValue(tree.get(SummaryFile.AGENT_CPU), AgentCpu.class));
        assertEquals(file, JSON.writeValueAsString(again));
    }

    @Test
    void severalInstancesReadAndWriteBackByteForByte() throws IOException {
        String file = resource("instances-main-0be4d12.json");
        JsonNode tree = JSON.readTree(file);
        List<InstancesFile.Instance> instances = new ArrayList<>();
        for (JsonNode i : tree.get(InstancesFile.INSTANCES)) {
            instances.add(new InstancesFile.Instance(i.get(InstancesFile.Instance.NAME).asText(),
                    i.get(InstancesFile.Instance.REPORT).asText(), JSON.treeToValue(i, Summary.class)));
        }
        InstancesFile again = new InstancesFile(JSON.treeToValue(tree, Summary.class),
                tree.get(InstancesFile.INSTANCES_SENTENCE).isNull()
                        ? null
                        : tree.get(InstancesFile.INSTANCES_SENTENCE).asText(),
                instances);
        assertEquals(file, JSON.writeValueAsString(again));
    }

    /** Until 2026-11-26 these counts were written as doubles (10.0, 1.35627544E8): such a file still reads. */
    @Test
    void anOlderSummarysCountsWrittenAsDoublesReadAsWholeNumbers() throws IOException {
        Summary s = JSON.readValue("""
                {"pool_size": 10.0, "max_threads": 200.0, "live_threads_max": 77.0,
                 "heap_used_max_bytes": 1.35627544E8}""", Summary.class);
        assertEquals(10, s.poolSize());
        assertEquals(200, s.maxThreads());
        assertEquals(77L, s.liveThreadsMax());
        assertEquals(135_627_544L, s.heapUsedMaxBytes());
    }

    @Test
    void typedFieldsOfARealRun() throws IOException {
        Summary s = JSON.readValue(resource("run-main-0be4d12.json"), Summary.class);
        assertEquals("pool-starvation", s.primaryCause());
        assertEquals(1523.0, s.clientMs().p99());
        assertEquals(801L, s.clientMs().count());
        assertEquals(17, s.recommendedThreads());
        assertEquals(93, s.diagnosis().getFirst().score());
        assertEquals("server", s.workerPool().busySource());
        assertNull(s.eventLoops());
        assertEquals("client_ms.p99", SummaryPaths.CLIENT_P99);
        assertEquals("worker_pool.all_busy_share", SummaryPaths.WORKER_POOL_ALL_BUSY_SHARE);
    }

    @Test
    void anUnknownFieldIsIgnoredAndAMissingOneIsNull() throws IOException {
        Summary s = JSON.readValue("{\"throughput_rps\": 1.5, \"from_the_future\": [1]}", Summary.class);
        assertEquals(1.5, s.throughputRps());
        assertNull(s.clientMs());
        assertEquals(Summary.NONE, JSON.readValue("{}", Summary.class));
    }

    @Test
    void aSteadyStateReadsTypedAndAnOlderSummaryHasNone() throws IOException {
        Summary s = JSON.readValue("{\"steady_state\": {\"status\": \"transient\", \"skipped_s\": 0,"
                + " \"judged_s\": 29, \"transient_s\": 9, \"steady_start_ms\": 1795659412529, \"shifts\":"
                + " [{\"measure\": \"run_delay\", \"lead_s\": 9, \"lead_ms_per_request\": 12.1,"
                + " \"rest_ms_per_request\": 2, \"noise_ms\": 0.2}], \"sentence\": \"The first 9 s\"}}",
                Summary.class);
        assertEquals("transient", s.steadyState().status());
        assertEquals(9.0, s.steadyState().transientS());
        assertEquals(1795659412529L, s.steadyState().steadyStartMs());
        assertEquals("run_delay", s.steadyState().shifts().getFirst().measure());
        assertEquals(12.1, s.steadyState().shifts().getFirst().leadMsPerRequest());
        assertNull(JSON.readValue(resource("run-main-0be4d12.json"), Summary.class).steadyState());
    }

    @Test
    void aWorkerPoolWithoutSamplesHasNoBusySourceAndNoRecordingIsAnEmptyObject() throws IOException {
        assertEquals("{\"samples\":0,\"max\":null,\"busy_max\":null,\"all_busy_share\":null}",
                new ObjectMapper().writeValueAsString(new Summary.WorkerPool(0L, null, null, null, null)));
        assertEquals("{}", new ObjectMapper().writeValueAsString(Summary.Recording.NONE));
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = SummaryTest.class.getResourceAsStream("/summary/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
