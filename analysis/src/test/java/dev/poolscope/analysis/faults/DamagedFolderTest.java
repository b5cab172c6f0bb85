package dev.poolscope.analysis.faults;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.analysis.run.RunAnalyzer;

/**
 * Run folders as faults leave them, over the real agent's committed recording (fixtures/starved-pool): a
 * truncated async-profiler recording, and two analyses of one folder at once.
 */
class DamagedFolderTest {
    static final Path FIXTURE = Path.of("src/test/resources/fixtures/starved-pool/agent");

    @TempDir
    Path dir;

    private Path run(String name) throws Exception {
        Path run = dir.resolve(name);
        Files.createDirectories(run.resolve("agent"));
        for (String f : new String[]{"recording.jfr", "metadata.json"}) {
            Files.copy(FIXTURE.resolve(f), run.resolve("agent").resolve(f));
        }
        return run;
    }

    @Test
    void aTruncatedAsyncProfilerRecordingCostsOnlyItsFlameGraphs() throws Exception {
        Path run = run("cut-asprof");
        // async-profiler writes JFR too: half of a real recording stands for one cut short by a kill.
        byte[] all = Files.readAllBytes(FIXTURE.resolve("recording.jfr"));
        Files.write(run.resolve("agent/async-profiler.jfr"), java.util.Arrays.copyOf(all, all.length / 2));
        RunAnalyzer.Outcome o = new RunAnalyzer().analyze(run);
        assertThat(o.ok()).as(o.message()).isTrue();
        assertThat(o.diagnosis().primaryCause()).isEqualTo("pool-starvation");
        assertThat(run.resolve("summary.json")).isNotEmptyFile();
        assertThat(Files.readString(run.resolve("report.html"))).contains("</html>");
    }

    @Test
    void requestsTheAgentCountedBeforeItsRecordingAreSaidInTheNotes() throws Exception {
        Path run = run("early");
        Path meta = run.resolve("agent/metadata.json");
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper()
                .readTree(meta.toFile());
        json.put("requestsBeforeRecording", 3);
        Files.writeString(meta, json.toString());
        RunAnalyzer.Outcome o = new RunAnalyzer().analyze(run);
        assertThat(o.ok()).as(o.message()).isTrue();
        assertThat(new ObjectMapper().readTree(run.resolve("summary.json").toFile()).path("notes").toString())
                .contains("3 requests began before the JDK recording in agent/ had started and are not in it"
                        + " (the agent counted them)");
    }

    @Test
    void twoAnalysesOfOneFolderAtOnceLeaveEveryOutputWhole() throws Exception {
        Path run = run("twice");
        List<CompletableFuture<RunAnalyzer.Outcome>> both = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            both.add(CompletableFuture.supplyAsync(() -> new RunAnalyzer().analyze(run)));
        }
        for (CompletableFuture<RunAnalyzer.Outcome> f : both) {
            RunAnalyzer.Outcome o = f.get(2, TimeUnit.MINUTES);
            assertThat(o.ok()).as(o.message()).isTrue();
        }
        ObjectMapper json = new ObjectMapper();
        assertThat(json.readTree(run.resolve("summary.json").toFile()).path("primary_cause").asText())
                .isEqualTo("pool-starvation");
        assertThat(json.readTree(run.resolve("timeline.json").toFile()).isObject()).isTrue();
        assertThat(Files.readString(run.resolve("report.html")).strip()).endsWith("</html>");
        try (var files = Files.list(run)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }
}
