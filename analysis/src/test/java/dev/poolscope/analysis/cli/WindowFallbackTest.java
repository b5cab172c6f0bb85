package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.fixtures.SyntheticRun;

/** Folders from {@code ./poolscope app --agent DIR} have no run.json: the window falls back, and says so. */
class WindowFallbackTest {
    @TempDir
    Path dir;

    Path run(String name) throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.workers = 1;
        s.requestsPerWorker = 2;
        s.warmupRequests = 2;
        return s.write(dir.resolve(name)).runDir();
    }

    JsonNode analyze(Path run) throws Exception {
        BadInputTest.Ran r = BadInputTest.cli("analyze", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        return new ObjectMapper().readTree(run.resolve("summary.json").toFile());
    }

    @Test
    void withoutRunJsonTheJMeterSamplesSpanIsTheWindow() throws Exception {
        Path run = run("jmeter-only");
        JsonNode s = analyze(run);
        assertThat(s.path("window_source").asText()).isEqualTo("jmeter");
        assertThat(s.path("requests").asLong()).isEqualTo(2);
        assertThat(s.path("join").path("warmup_excluded").asLong()).isEqualTo(2);
        assertThat(s.path("join").path("server_only").asLong()).isZero();
        assertThat(Files.readString(run.resolve("report.html")))
                .contains("from the JMeter samples&#39; span");
    }

    @Test
    void withoutJMeterResultsTheRequestsSpanIsTheWindowAndWarmUpNeverCounts() throws Exception {
        Path run = run("recording-only");
        Files.delete(run.resolve("jmeter/results.jtl"));
        JsonNode s = analyze(run);
        // Not the whole recording: its start-up and the warm-up before the first counted request are no load.
        assertThat(s.path("window_source").asText()).isEqualTo("requests");
        // Both ends are floored to the millisecond, duration_s is rounded: they agree within one.
        assertThat(s.path("window_end_ms").asLong() - s.path("window_start_ms").asLong())
                .isCloseTo(Math.round(s.path("duration_s").asDouble() * 1000),
                        org.assertj.core.data.Offset.offset(1L));
        assertThat(s.path("requests").asLong()).isEqualTo(2);
        assertThat(s.path("join").path("warmup_excluded").asLong()).isEqualTo(2);
        assertThat(s.path("join").path("server_only").asLong()).isEqualTo(2);
        assertThat(Files.readString(run.resolve("report.html")))
                .contains("from the server requests&#39; span");
    }
}
