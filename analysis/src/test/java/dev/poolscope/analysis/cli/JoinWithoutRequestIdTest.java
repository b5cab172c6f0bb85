package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.fixtures.SyntheticRun;

/** A plan that sends no request id (the user's own): samples join server spans by path and time, approximately. */
class JoinWithoutRequestIdTest {

    @Test
    void samplesJoinByPathAndTime(@TempDir Path dir) throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.markup = "home";
        Path run = s.write(dir.resolve("no-ids")).runDir();
        Path jtl = run.resolve("jmeter/results.jtl");
        // Drop the requestId column: what the .jtl of a plan without X-Request-Id looks like.
        List<String> rows = Files.readAllLines(jtl, StandardCharsets.UTF_8).stream()
                .map(l -> l.substring(0, l.lastIndexOf(','))).toList();
        Files.write(jtl, rows, StandardCharsets.UTF_8);

        BadInputTest.Ran r = BadInputTest.cli("analyze", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode summary = new ObjectMapper().readTree(run.resolve("summary.json").toFile());
        JsonNode join = summary.path("join");
        assertThat(summary.path("client_samples").asLong()).isEqualTo(12);
        assertThat(join.path("matched").asLong()).isEqualTo(12);
        assertThat(join.path("matched_by_path_and_time").asLong()).isEqualTo(12);
        assertThat(join.path("approximate").asBoolean()).isTrue();
        assertThat(join.path("match_rate").asDouble()).isEqualTo(1.0);
        assertThat(summary.path("backlog_ms").path("count").asLong()).isEqualTo(12);
        assertThat(summary.path("notes").toString()).contains(
                "12 of 12 client samples without a request id joined to server spans by path and time (100.0%;"
                        + " approximate)");
        assertThat(Files.readString(run.resolve("report.html")))
                .contains("matched by path and time (approximate)");
    }
}
