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
 * A recording made by the real agent on the reactive lab app with an r2dbc-pool of 2
 * (fixtures/reactive-starved-pool/agent/README.md), analyzed and held against expected-summary.json: exact sentences
 * and severities, counts exact, figures within the band; and the story whatever the baseline says: every request
 * waited for and held an R2DBC connection, and the starved pool, not a worker pool, is the cause.
 */
class ReactiveStarvedPoolGoldenTest {
    static final Path FIXTURE = Path.of("src/test/resources/fixtures/reactive-starved-pool");

    @TempDir
    static Path dir;
    static JsonNode actual;
    static JsonNode expected;
    static String out;

    @BeforeAll
    static void analyze() throws Exception {
        Path run = dir.resolve("reactive-starved-pool");
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
    void theStarvedR2dbcPoolIsThePrimaryCauseAndItsSizeIsTheLever() {
        assertThat(actual.path("server").asText()).isEqualTo("netty");
        assertThat(actual.path("primary_cause").asText()).isEqualTo(expected.path("primary_cause").asText())
                .isEqualTo("pool-starvation");
        assertThat(out).contains("primary cause: pool-starvation");
        assertThat(actual.path("recommendation_kind").asText())
                .isEqualTo(expected.path("recommendation_kind").asText()).isEqualTo("pool-size");
        assertThat(actual.path("recommendation").asText()).startsWith("Recommended r2dbc-pool size: ")
                .contains("(configured: 2)");
        assertThat(actual.path("window_source").asText()).isEqualTo(expected.path("window_source").asText());
    }

    @Test
    void countsMatchAndFiguresStayInTheirBand() {
        for (Map.Entry<String, JsonNode> c : expected.path("counts").properties()) {
            assertThat(at(actual, c.getKey()).asLong()).as(c.getKey()).isEqualTo(c.getValue().asLong());
        }
        double tolerance = expected.path("tolerance_relative").asDouble();
        assertThat(tolerance).isPositive().isLessThan(1);
        for (Map.Entry<String, JsonNode> f : expected.path("figures").properties()) {
            JsonNode v = at(actual, f.getKey());
            assertThat(v.isNumber()).as(f.getKey()).isTrue();
            assertThat(v.asDouble()).as(f.getKey()).isCloseTo(f.getValue().asDouble(),
                    withinPercentage(100 * tolerance));
        }
        // Every measured request waited for and held one R2DBC connection, tied to it by request id.
        long requests = actual.path("requests").asLong();
        assertThat(at(actual, "pool_wait_ms.count").asLong()).isEqualTo(requests);
        assertThat(at(actual, "hold_ms.count").asLong()).isEqualTo(requests);
        // Most server time is the acquire wait; the split leaves little unexplained.
        double total = 0;
        for (Map.Entry<String, JsonNode> c : actual.path("server_ms_by_cause").properties()) {
            total += c.getValue().asDouble();
        }
        assertThat(at(actual, "server_ms_by_cause.connection_wait").asDouble()).isGreaterThan(0.7 * total);
        assertThat(at(actual, "server_ms_by_cause.unexplained").asDouble()).isLessThan(0.05 * total);
        assertThat(actual.path("pool_size").asInt()).isEqualTo(2);
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
