package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Two instances of the lab app, each with the real agent, sharing the first one's embedded PostgreSQL and Redis,
 * behind the launcher's balancer under the real JMeter: one report with both instances.
 */
class InstancesIT {

    @TempDir
    static Path work;

    @BeforeAll
    static void home() {
        assertThat(System.getProperty("poolscope.home")).as("failsafe sets poolscope.home").isNotBlank();
    }

    @Test
    void twoInstancesGiveOneReportWithBoth() throws Exception {
        Path dir = work.resolve("two");
        Launcher.Result r = Launcher.run("run", "--instances", "2", "--plan", "vu500", "--vus", "20",
                "--duration", "6s", "--warmup", "2s", "--no-dashboard", "--out", dir.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        ObjectMapper json = new ObjectMapper();
        JsonNode s = json.readTree(dir.resolve("summary.json").toFile());
        JsonNode instances = s.path("instances");
        assertThat(instances).hasSize(2);
        long requests = 0;
        long samples = 0;
        for (JsonNode i : instances) {
            assertThat(i.path("requests").asLong()).as(i.path("name").asText()).isPositive();
            assertThat(i.path("primary_cause").asText()).as(i.path("name").asText()).isNotEmpty();
            assertThat(i.path("client_samples").asLong()).isEqualTo(i.path("join").path("matched").asLong());
            requests += i.path("requests").asLong();
            samples += i.path("client_samples").asLong();
        }
        assertThat(requests).isEqualTo(s.path("requests").asLong());
        assertThat(samples).isEqualTo(s.path("join").path("matched").asLong());
        assertThat(s.path("client_samples").asLong())
                .isEqualTo(samples + s.path("join").path("client_only").asLong()
                        + s.path("join").path("client_without_id_unmatched").asLong());
        assertThat(s.path("primary_cause").asText()).isNotEmpty();
        assertThat(s.path("instances_sentence").asText()).isNotEmpty();
        assertThat(dir.resolve("agent-1/recording.jfr")).isNotEmptyFile();
        assertThat(dir.resolve("agent-2/recording.jfr")).isNotEmptyFile();
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<section id=\"instances\"")
                .contains("report-agent-1.html").contains("report-agent-2.html");
        JsonNode run = json.readTree(dir.resolve("run.json").toFile());
        assertThat(run.path("instances").get(0).path("app").path("db").asText()).isEqualTo("embedded");
        assertThat(run.path("instances").get(1).path("app").path("db").asText())
                .as("the second instance uses the first one's PostgreSQL").isEqualTo("external");
        assertThat(run.path("instances").get(1).path("app").path("redis").asText()).isEqualTo("external");
        JsonNode connections = run.path("balancer").path("connections");
        assertThat(connections.get(0).asLong()).isPositive();
        assertThat(connections.get(1).asLong()).isPositive();
        assertThat(run.path("balancer").path("failedConnects").asLong()).isZero();
    }
}
