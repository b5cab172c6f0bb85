package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Commands through {@code ./poolscope}, on committed data: no load runs here. */
class LauncherIT {
    static final ObjectMapper JSON = new ObjectMapper();
    /** A run folder the real agent recorded on the lab app with a starved pool (the analysis' golden fixture). */
    static final Path STARVED = Launcher.HOME.resolve("analysis/src/test/resources/fixtures/starved-pool");

    @TempDir
    Path work;

    /** Every start of the analysis gets its heap; scenarios --evaluate started it without (JVM default). */
    @Test
    void scenariosEvaluateAnalysesWithTheAnalysisHeap() throws Exception {
        Path suite = work.resolve("suite");
        copyRun(STARVED, suite.resolve("held-across-call"));
        Launcher.Result r = Launcher.run(Map.of("POOLSCOPE_ANALYSIS_XMX", "1m"), 5, "scenarios", "--evaluate",
                suite.toString(), "held-across-call");
        assertThat(r.exit()).as(r.toString()).isEqualTo(1);
        assertThat(r.err()).as(r.toString()).contains("(heap -Xmx1m)");
        assertThat(r.out()).as("the JVM says so").contains("Too small maximum heap");
        JsonNode row = JSON.readTree(suite.resolve("scenarios.json").toFile()).path("scenarios").get(0);
        assertThat(row.path("status").asText()).as("the analysis could not start in 1 MB")
                .isEqualTo("analysis-failed");
    }

    /** A run folder as run leaves it, from a committed one: agent/ and a run.json. */
    static void copyRun(Path from, Path to) throws Exception {
        try (Stream<Path> files = Files.walk(from.resolve("agent"))) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        Files.writeString(to.resolve("run.json"), "{}");
    }
}
