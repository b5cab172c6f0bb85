package dev.poolscope.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What bench analysis reads, where the analysis it times writes, and the table it prints. */
class AnalysisBenchTest {

    @TempDir
    Path work;

    Path run;

    @BeforeEach
    void folders() throws Exception {
        // The run and the copy in one temporary folder: the links stay inside it.
        run = Files.createDirectories(work.resolve("run"));
    }

    private Path file(String path, String content) throws Exception {
        Path f = run.resolve(path);
        Files.createDirectories(f.getParent());
        return Files.writeString(f, content);
    }

    @Test
    void theRecordingsAreEachAgentFoldersJdkRecordingElseItsChunksThenAsyncProfilers() throws Exception {
        file("agent-10/recording.jfr", "x");
        file("agent-2/recording.jfr", "");
        file("agent-2/jfr-repository/2026_11_26_00_00_02.jfr", "x");
        file("agent-2/jfr-repository/2026_11_26_00_00_01.jfr", "x");
        file("agent-2/jfr-repository/metadata.json", "x");
        file("agent-2/async-profiler.jfr", "x");
        file("agent/recording.jfr", "x");
        file("agent/async-profiler.jfr", "");
        file("agents/recording.jfr", "x");
        file("jmeter/results.jtl", "x");
        assertThat(AnalysisBench.recordings(run)).extracting(p -> run.relativize(p).toString())
                .containsExactly(
                        "agent/recording.jfr", "agent-2/jfr-repository/2026_11_26_00_00_01.jfr",
                        "agent-2/jfr-repository/2026_11_26_00_00_02.jfr", "agent-2/async-profiler.jfr",
                        "agent-10/recording.jfr");
    }

    @Test
    void theAnalysisReadsTheRunThroughLinksAndWritesIntoTheCopyOnly() throws Exception {
        file("agent/recording.jfr", "jfr");
        file("jmeter/results.jtl", "jtl");
        file("run.json", "{}");
        file("report.html", "the run's own report");
        file("summary.json", "{\"primary_cause\":\"pool-starvation\"}");
        file("app.log", "log");
        Path copy = work.resolve("scratch/run");
        AnalysisBench.linkInputs(run, copy);
        try (var entries = Files.list(copy)) {
            assertThat(entries.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly("agent", "jmeter", "run.json");
        }
        assertThat(Files.isSymbolicLink(copy.resolve("agent/recording.jfr"))).isTrue();
        assertThat(copy.resolve("agent/recording.jfr")).hasContent("jfr");
        assertThat(copy.resolve("jmeter/results.jtl")).hasContent("jtl");
        Files.writeString(copy.resolve("report.html"), "the bench's report");
        assertThat(run.resolve("report.html")).hasContent("the run's own report");
    }

    @Test
    void theTablePrintsEachRepeatTheMediansAndTheRatiosOfTheRepeatsRatios() throws Exception {
        Path recording = file("agent/recording.jfr", "x".repeat(1_500_000));
        Path profiler = file("agent/async-profiler.jfr", "x".repeat(500_000));
        String table = AnalysisBench.table(run, List.of(recording, profiler), 1_234_567, 1_234_567,
                "-Xmx512m",
                List.of(new Timed(2.0, 1.5, 80, 0), new Timed(3.0, 1.6, 82, 0), new Timed(2.5, 1.4, -1, 0)),
                List.of(new Timed(1.0, 1.5, 90, 0), new Timed(1.2, 1.6, 91, 0), new Timed(2.5, 2.1, 92, 0)),
                List.of(new Timed(4.0, 6.0, 300, 0), new Timed(3.0, 4.8, 310, 0),
                        new Timed(10.0, 5.6, 290, 0)));
        assertThat(table).isEqualTo("bench analysis: " + run + ", 3 repeats, all JVMs -Xmx512m\n"
                + "recordings: agent/recording.jfr, agent/async-profiler.jfr (2.0 MB, 1,234,567 events)\n"
                + "bare: every event read once with jdk.jfr.consumer.RecordingFile, one thread;"
                + " parser: every event read once with poolscope's parser, a thread per core, nothing kept;"
                + " analyze: the full report\n"
                + "repeat   bare wall  bare cpu  bare rss  parser wall  parser cpu  analyze wall  analyze cpu  analyze rss  ratio wall  ratio cpu\n"
                + "1           2.00 s    1.50 s     80 MB       1.00 s      1.50 s        4.00 s       6.00 s       300 MB        2.00       4.00\n"
                + "2           3.00 s    1.60 s     82 MB       1.20 s      1.60 s        3.00 s       4.80 s       310 MB        1.00       3.00\n"
                + "3           2.50 s    1.40 s         -       2.50 s      2.10 s       10.00 s       5.60 s       290 MB        4.00       4.00\n"
                + "median      2.50 s    1.50 s     81 MB       1.20 s      1.60 s        4.00 s       5.60 s       300 MB        2.00       4.00\n"
                + "ratio analyze/bare: wall 2.00, cpu 4.00 (medians of the repeats' ratios; target: wall <= 1.00)\n"
                + "ratio parser/bare: wall 0.50, cpu 1.00 (poolscope's parser alone; the rest of analyze's time is its"
                + " own work)\n");
    }

    @Test
    void aParserThatCountsOtherwiseThanTheJdkIsSaid() throws Exception {
        Path recording = file("agent/recording.jfr", "x");
        List<Timed> one = List.of(new Timed(1.0, 1.0, 50, 0));
        assertThat(AnalysisBench.table(run, List.of(recording), 100, 99, "-Xmx512m", one, one, one))
                .contains("events: the JDK's parser read 100, poolscope's 99\n");
    }
}
