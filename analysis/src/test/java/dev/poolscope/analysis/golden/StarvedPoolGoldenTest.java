package dev.poolscope.analysis.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.cli.AnalysisCli;

/**
 * A recording made by the real agent on the lab app with a starved pool (fixtures/starved-pool/agent/README.md),
 * analyzed and held against expected-summary.json: exact sentences and severities, figures within its band.
 */
class StarvedPoolGoldenTest {
    static final Path FIXTURE = Path.of("src/test/resources/fixtures/starved-pool");

    @TempDir
    static Path dir;
    static JsonNode actual;
    static JsonNode expected;
    static String out;

    @BeforeAll
    static void analyze() throws Exception {
        Path run = dir.resolve("starved-pool");
        Files.createDirectories(run.resolve("agent"));
        for (String f : new String[]{"recording.jfr", "metadata.json"}) {
            Files.copy(FIXTURE.resolve("agent").resolve(f), run.resolve("agent").resolve(f));
        }
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = AnalysisCli.run(new String[]{"analyze", run.toString()}, new PrintWriter(o, true),
                new PrintWriter(e, true));
        assertThat(code).as(e.toString()).isZero();
        out = o.toString();
        ObjectMapper m = new ObjectMapper();
        actual = m.readTree(run.resolve("summary.json").toFile());
        expected = m.readTree(FIXTURE.resolve("expected-summary.json").toFile());
    }

    static JsonNode at(JsonNode root, String dotted) {
        JsonNode n = root;
        for (String p : dotted.split("\\.")) {
            n = n.path(p);
        }
        return n;
    }

    @Test
    void primaryCauseIsPoolStarvation() {
        assertThat(actual.path("primary_cause").asText()).isEqualTo(expected.path("primary_cause").asText())
                .isEqualTo("pool-starvation");
        assertThat(out).contains("primary cause: pool-starvation");
        assertThat(actual.path("window_source").asText()).isEqualTo(expected.path("window_source").asText());
        assertThat(actual.path("recommended_threads").asInt())
                .isEqualTo(expected.path("recommended_threads").asInt());
    }

    @Test
    void countsMatchAndFiguresStayInTheirBand() {
        for (Map.Entry<String, JsonNode> c : expected.path("counts").properties()) {
            assertThat(actual.path(c.getKey()).asLong()).as(c.getKey()).isEqualTo(c.getValue().asLong());
        }
        double tolerance = expected.path("tolerance_relative").asDouble();
        assertThat(tolerance).isPositive().isLessThan(1);
        for (Map.Entry<String, JsonNode> f : expected.path("figures").properties()) {
            JsonNode v = at(actual, f.getKey());
            assertThat(v.isNumber()).as(f.getKey()).isTrue();
            assertThat(v.asDouble()).as(f.getKey()).isCloseTo(f.getValue().asDouble(),
                    withinPercentage(100 * tolerance));
        }
        // The story the recording tells, whatever the baseline says: most server time is pool wait, a pool of 2.
        assertThat(at(actual, "server_ms_by_cause.connection_wait").asDouble())
                .isGreaterThan(0.7 * actual.path("server_ms").path("mean").asDouble()
                        * actual.path("requests").asLong());
        assertThat(actual.path("pool_size").asInt()).isEqualTo(2);
        // The fixture keeps no async-profiler.jfr: the agent's CPU is unknown, said as null, not left out.
        assertThat(actual.has("agent_cpu")).isTrue();
        assertThat(actual.get("agent_cpu").isNull()).isTrue();
    }

    /**
     * The shared-host test of cpu-oversubscription and the core-sized counts reads the JDK's CPU load as the real agent
     * records it (14 jdk.CPULoad samples here): this JVM's mean and every other process's, as shares of the machine.
     */
    @Test
    void theCpuMeansComeFromTheAgentsCpuLoadSamples() {
        JsonNode evidence = null;
        for (JsonNode r : actual.path("diagnosis")) {
            if (r.path("rule").asText().equals("cpu-oversubscription")) {
                evidence = r.path("evidence");
            }
        }
        assertThat(evidence).isNotNull();
        double jvm = evidence.path("this JVM's CPU mean (%)").asDouble(-1);
        double others = evidence.path("other processes' CPU mean (%)").asDouble(-1);
        assertThat(jvm).as(evidence.toString()).isGreaterThan(0).isLessThanOrEqualTo(100);
        assertThat(others).as(evidence.toString()).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(100);
        assertThat(jvm + others).as(evidence.toString()).isLessThanOrEqualTo(100.5);
    }

    @Test
    void diagnosisSentencesMatchTheBaseline() {
        JsonNode rules = expected.path("diagnosis");
        assertThat(actual.path("diagnosis")).hasSameSizeAs(rules);
        for (int i = 0; i < rules.size(); i++) {
            JsonNode e = rules.get(i);
            JsonNode a = actual.path("diagnosis").get(i);
            assertThat(a.path("rule").asText()).isEqualTo(e.path("rule").asText());
            assertThat(a.path("severity").asText()).as(e.path("rule").asText())
                    .isEqualTo(e.path("severity").asText());
            assertThat(a.path("sentence").asText()).as(e.path("rule").asText())
                    .isEqualTo(e.path("sentence").asText());
        }
    }
}
