package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Issue 25's outbound-HTTP case on the project's own test app, end to end through {@code ./poolscope}: test-apps/cases
 * {@code held-call} (Spring Boot, HikariCP with 4 connections on H2; each quote's transaction calls a slow local pricing
 * service through RestClient over the JDK's HttpClient) under the generic ping plan, with the real agent, JMeter and
 * analysis. The
 * downstream is named with its host as the root of the pool starvation, and the worker's park inside
 * {@code HttpClient.send} is not a lock wait.
 */
class DownstreamCaseIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path HOME = Path.of(System.getProperty("poolscope.home", ".."));
    static final Path JAR = HOME
            .resolve("test-apps/cases/target/poolscope-test-app-cases-0.1.0-SNAPSHOT-exec.jar");

    @TempDir
    Path work;

    @Test
    void aSlowDownstreamInsideHoldsIsTheRootNamedByItsHost() throws Exception {
        Path dir = work.resolve("held-call");
        Launcher.Result r = Launcher.run("run", "--app-cmd",
                "${java} -jar " + JAR + " held-call --server.port=${port}", "--ready-url",
                "http://127.0.0.1:${port}/health", "--plan", "ping-1000", "--jmeter-prop", "vus=30",
                "--jmeter-prop", "loops=-1", "--jmeter-prop", "path=/quotes/sku-1", "--duration", "15s",
                "--no-dashboard", "--out", dir.toString());
        assertThat(r.exit()).as(r.toString()).isZero();

        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        assertThat(summary.path("primary_cause").asText()).as(summary.path("diagnosis").toString())
                .isEqualTo("downstream-slow");
        assertThat(summary.path("cause_chain_sentence").asText())
                .contains("(pool-starvation) ← ").contains("(connection-held) ← ")
                .containsPattern("outbound HTTP to http://127\\.0\\.0\\.1:\\d+: \\d+ ms per call")
                .endsWith("(downstream-slow).");
        JsonNode downstream = rule(summary, "downstream-slow");
        assertThat(downstream.path("sentence").asText())
                .startsWith("Slow downstream inside connection holds: ")
                .containsPattern("most of it to http://127\\.0\\.0\\.1:\\d+: \\d+ calls, mean \\d")
                .contains("100% of them made while holding a pooled connection");
        JsonNode byCause = summary.path("server_ms_by_cause");
        // The lock waits left are the first requests' class loading (Spring Boot's jar loader), on a loaded machine
        // 2 to 9 s of server time; the park inside HttpClient.send is in http_wait, never a lock site.
        assertThat(byCause.path("http_wait").asDouble()).as(byCause.toString())
                .isGreaterThan(2 * byCause.path("lock_wait").asDouble());
        assertThat(rule(summary, "lock-contention").path("sentence").asText()).as("the park inside send")
                .doesNotContain("CompletableFuture");
        String report = Files.readString(dir.resolve("report.html"));
        assertThat(report).contains("waiting for an outbound HTTP call").containsPattern(
                "<td>HTTP</td>\\s*<td[^>]*>http://127\\.0\\.0\\.1:\\d+</td>");
    }

    private static JsonNode rule(JsonNode summary, String id) {
        for (JsonNode r : summary.path("diagnosis")) {
            if (r.path("rule").asText().equals(id)) {
                return r;
            }
        }
        throw new AssertionError("no rule " + id + " in " + summary.path("diagnosis"));
    }
}
