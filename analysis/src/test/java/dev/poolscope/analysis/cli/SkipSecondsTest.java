package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code analyze --skip-seconds} on the agent's starved-pool recording (5 s of load, too short to be judged for a
 * steady state): the first seconds of load left out by hand, said so, the verdict the same; and its bad input.
 */
class SkipSecondsTest {
    static final Path FIXTURE = Path.of("src/test/resources/fixtures/starved-pool/agent");

    @TempDir
    Path dir;

    private Path copy(String name) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name).resolve("agent"));
        for (String f : new String[]{"recording.jfr", "metadata.json"}) {
            Files.copy(FIXTURE.resolve(f), run.resolve(f));
        }
        return run.getParent();
    }

    @Test
    void theFirstSecondsOfLoadAreLeftOutAndSaidSoAndTheVerdictStays() throws Exception {
        Path whole = copy("whole");
        Path cut = copy("cut");
        assertThat(BadInputTest.cli("analyze", whole.toString()).code()).isZero();
        BadInputTest.Ran r = BadInputTest.cli("analyze", "--skip-seconds", "1.5", cut.toString());
        assertThat(r.code()).as(r.err()).isZero();
        ObjectMapper m = new ObjectMapper();
        JsonNode a = m.readTree(whole.resolve("summary.json").toFile());
        JsonNode b = m.readTree(cut.resolve("summary.json").toFile());
        assertThat(a.path("steady_state").path("status").asText()).isEqualTo("too-short");
        assertThat(a.path("steady_state").path("skipped_s").asDouble()).isZero();
        assertThat(a.path("steady_state").path("sentence").asText())
                .startsWith("Not judged for a steady state: ");
        assertThat(b.path("steady_state").path("skipped_s").asDouble()).isEqualTo(1.5);
        assertThat(b.path("steady_state").path("sentence").asText())
                .startsWith("The first 1.5 s of load were left out by hand (--skip-seconds). Not judged");
        assertThat(b.path("notes").toString()).contains("The first 1.5 s of load were left out by hand");
        assertThat(b.path("window_start_ms").asLong()).isGreaterThan(a.path("window_start_ms").asLong());
        assertThat(b.path("requests").asLong()).isPositive().isLessThan(a.path("requests").asLong());
        assertThat(b.path("primary_cause").asText()).isEqualTo(a.path("primary_cause").asText())
                .isEqualTo("pool-starvation");
    }

    @Test
    void aNegativeOrTooLongSkipIsOneLineAndExitTwo() throws Exception {
        Path run = copy("bad");
        BadInputTest.Ran negative = BadInputTest.cli("analyze", "--skip-seconds", "-1", run.toString());
        assertThat(negative.code()).isEqualTo(2);
        assertThat(negative.err().strip()).isEqualTo(
                "poolscope-analysis: --skip-seconds takes a number of seconds, 0 or more, got -1.0");
        BadInputTest.Ran tooLong = BadInputTest.cli("analyze", "--skip-seconds", "600", run.toString());
        assertThat(tooLong.code()).isEqualTo(2);
        assertThat(tooLong.err().strip())
                .startsWith("poolscope-analysis: --skip-seconds 600 leaves nothing of the ")
                .endsWith(" s of load").doesNotContain("\n");
        assertThat(run.resolve("summary.json")).doesNotExist();
    }
}
