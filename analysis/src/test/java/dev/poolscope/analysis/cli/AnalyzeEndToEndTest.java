package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.fixtures.SyntheticRun;

class AnalyzeEndToEndTest {
    @TempDir
    static Path dir;
    static Path run;
    static int exit;
    static String out;
    static String err;
    static String html;
    static JsonNode summary;

    @BeforeAll
    static void analyze() throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.warmupRequests = 2;
        s.threadsSetting = 3;
        // So the CPU flame graph has samples on every run, not only when a hold happened to be sampled.
        s.cpuAfterMillis = 200;
        run = s.write(dir.resolve("starved")).runDir();
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        exit = AnalysisCli.run(new String[]{"analyze", run.toString()}, new PrintWriter(o, true),
                new PrintWriter(e, true));
        out = o.toString();
        err = e.toString();
        html = Files.readString(run.resolve("report.html"));
        summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
    }

    @Test
    void exitsZeroWithOneLine() {
        assertThat(exit).as(err).isZero();
        assertThat(out.strip()).startsWith("wrote ").contains("primary cause: ").doesNotContain("\n");
    }

    @Test
    void summaryHasEveryContractField() {
        for (String f : new String[]{"throughput_rps", "error_rate", "cpu_process", "context_switches_per_s",
                "gc_pause_ms_total", "diagnosis", "primary_cause", "recommended_threads"}) {
            assertThat(summary.has(f)).as(f).isTrue();
        }
        for (String d : new String[]{"client_ms", "server_ms", "pool_wait_ms", "hold_ms", "backlog_ms"}) {
            for (String p : new String[]{"p50", "p95", "p99", "max"}) {
                assertThat(summary.path(d).has(p)).as(d + "." + p).isTrue();
            }
        }
        assertThat(summary.path("requests").asLong()).isEqualTo(12);
        assertThat(summary.path("join").path("matched").asLong()).isEqualTo(12);
        assertThat(summary.path("diagnosis")).hasSize(17);
        assertThat(summary.path("recommended_threads").isInt()).isTrue();
    }

    @Test
    void gapsAreAttributedToTheirCauses() {
        // Each request: 20 ms Redis (sleep), 40 ms park inside ConnectionWait, 10 ms busy hold; 30 ms backlog.
        assertThat(summary.path("pool_wait_ms").path("p50").asDouble()).isBetween(40.0, 60.0);
        assertThat(summary.path("hold_ms").path("p50").asDouble()).isBetween(10.0, 25.0);
        assertThat(summary.path("backlog_ms").path("p50").asDouble()).isBetween(25.0, 60.0);
        JsonNode causes = summary.path("server_ms_by_cause");
        assertThat(causes.path("connection_wait").asDouble()).isCloseTo(12 * 40, within(12 * 20.0));
        assertThat(causes.path("redis_wait").asDouble()).isCloseTo(12 * 20, within(12 * 20.0));
        assertThat(summary.path("primary_cause").asText()).isEqualTo("pool-starvation");
    }

    @Test
    void reportHasEverySectionWithPlots() {
        for (String id : new String[]{"summary", "diagnosis", "xlog", "steps", "gaps", "client-server",
                "threads",
                "flames"}) {
            assertThat(html).contains("id=\"" + id + "\"");
        }
        assertThat(html).contains("<svg").contains("<circle").contains("<polyline")
                .contains("Scouter T-GAP ms")
                .contains("waiting for a pooled connection").contains("unexplained").contains("getConnection")
                .contains("flame-lock.html").contains("Little&#39;s law");
        // Without async-profiler, the CPU graph is drawn from the JDK's execution samples (the analysis' own pass
        // counts their stacks: jfr-converter's --cpu kept none of them).
        assertThat(html).contains("href=\"flame-cpu.html\"").contains("CPU (JDK execution samples)");
        assertThat(html).doesNotContain("https://").doesNotContain("src=\"http");
        // Each view renders once (a fragment selector once pulled the diagnosis table into every profile).
        assertThat(html.split("<th>finding</th>", -1)).hasSize(2);
        assertThat(html.split("<td>request start</td>", -1)).hasSize(11);
        assertThat(run.resolve("flame-cpu.html")).exists();
        assertThat(run.resolve("flame-cpu.collapsed.gz")).exists();
        assertThat(run.resolve("flame-lock.html")).exists();
        assertThat(run.resolve("timeline.json")).isNotEmptyFile();
    }

    @Test
    void collapsedFlameGraphsHaveFrames() throws Exception {
        // The real parks of the synthetic workers: stacks joined by ';' with a sample count (once 0 bytes).
        String lock;
        try (var r = dev.poolscope.analysis.flame.CollapsedFiles
                .open(run.resolve("flame-lock.collapsed.gz"))) {
            lock = r.lines().collect(java.util.stream.Collectors.joining("\n"));
        }
        assertThat(lock).isNotBlank().contains("LockSupport.parkNanos").contains(";");
        assertThat(lock.lines()).allMatch(l -> l.matches(".*;.* \\d+"));
        // Only worker threads: the sampler thread never parks inside a request.
        assertThat(lock).doesNotContain("SyntheticRun.sample");
        assertThat(html).contains("flame-lock.collapsed.gz").contains("Heaviest leaf frames");
    }

    @Test
    void markupFromTheRecordingIsEscaped() {
        assertThat(html).doesNotContain("<script>alert(1)</script>")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    }

    @Test
    void onlyTheLoadPhaseIsMeasured() throws Exception {
        JsonNode config = new ObjectMapper().readTree(run.resolve("run.json").toFile()).path("phases");
        assertThat(summary.path("window_source").asText()).isEqualTo("run.json");
        assertThat(summary.path("window_start_ms").asLong()).isEqualTo(config.path("loadStartMs").asLong());
        assertThat(summary.path("window_end_ms").asLong()).isEqualTo(config.path("loadEndMs").asLong());
        // The warm-up requests ran before the window and are neither measured nor server-only.
        assertThat(summary.path("join").path("warmup_excluded").asLong()).isEqualTo(2);
        assertThat(summary.path("join").path("server_only").asLong()).isZero();
        double duration = summary.path("duration_s").asDouble();
        assertThat(duration).isPositive()
                .isLessThanOrEqualTo(
                        (config.path("loadEndMs").asLong() - config.path("loadStartMs").asLong()) / 1000.0);
        assertThat(summary.path("throughput_rps").asDouble())
                .isCloseTo(summary.path("client_samples").asDouble() / duration, withinPercentage(1));
        assertThat(html).contains("Measured window: ").contains("from the load phase in run.json");
    }
}
