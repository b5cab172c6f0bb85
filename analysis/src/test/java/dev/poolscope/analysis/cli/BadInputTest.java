package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.fixtures.SyntheticRun;

/** Bad input through the CLI: exit code and one line, never a stack trace. */
class BadInputTest {
    @TempDir
    Path dir;

    record Ran(int code, String out, String err) {
    }

    static Ran cli(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = AnalysisCli.run(args, new PrintWriter(o, true), new PrintWriter(e, true));
        return new Ran(code, o.toString(), e.toString());
    }

    static void assertOneLineError(Ran r, String contains) {
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err().strip()).startsWith("poolscope-analysis: ").contains(contains).doesNotContain("\n")
                .doesNotContain("\tat ");
    }

    @Test
    void missingRunFolder() {
        assertOneLineError(cli("analyze", dir.resolve("nope").toString()), "does not exist");
    }

    @Test
    void emptyRunFolder() throws Exception {
        Path run = Files.createDirectories(dir.resolve("empty"));
        assertOneLineError(cli("analyze", run.toString()), "nothing to analyze: no recording");
    }

    @Test
    void nonJfrRecordingAndNoJtl() throws Exception {
        Path run = dir.resolve("garbage");
        SyntheticRun.writeGarbage(run.resolve("agent/recording.jfr"));
        assertOneLineError(cli("analyze", run.toString()), "not a readable JFR recording");
    }

    @Test
    void emptyRecordingAndEmptyJtl() throws Exception {
        Path run = dir.resolve("zero");
        Files.createDirectories(run.resolve("agent"));
        Files.createFile(run.resolve("agent/recording.jfr"));
        Files.createDirectories(run.resolve("jmeter"));
        Files.createFile(run.resolve("jmeter/results.jtl"));
        assertOneLineError(cli("analyze", run.toString()), "is empty");
    }

    @Test
    void missingJtlGivesAPartialReportThatSaysSo() throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.workers = 1;
        s.requestsPerWorker = 2;
        Path run = s.write(dir.resolve("nojtl")).runDir();
        Files.delete(run.resolve("jmeter/results.jtl"));
        Ran r = cli("analyze", run.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("partial: no JMeter results");
        assertThat(Files.readString(run.resolve("report.html"))).contains("no JMeter results:");
    }

    @Test
    void runWithNoRequestsWritesAPartialReportAndFails() throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.workers = 1;
        s.requestsPerWorker = 0;
        Path run = s.write(dir.resolve("idle")).runDir();
        Ran r = cli("analyze", run.toString());
        assertOneLineError(r, "no requests");
        assertThat(Files.readString(run.resolve("report.html"))).contains("the run has no requests");
    }

    @Test
    void clientSamplesWithoutServerRequestsGiveNoVerdict() throws Exception {
        SyntheticRun s = new SyntheticRun();
        s.workers = 1;
        s.requestsPerWorker = 3;
        Path run = s.write(dir.resolve("clientonly")).runDir();
        // The recording is there but empty, as after a kill -9 with no chunks left: only JMeter's view remains.
        Files.delete(run.resolve("agent/recording.jfr"));
        Files.createFile(run.resolve("agent/recording.jfr"));
        Ran r = cli("analyze", run.toString());
        assertThat(r.code()).as(r.out()).isEqualTo(1);
        assertThat(r.err().strip()).contains("no poolscope.Request events").doesNotContain("\n");
        com.fasterxml.jackson.databind.JsonNode summary = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(run.resolve("summary.json").toFile());
        assertThat(summary.path("primary_cause").isNull()).isTrue();
        assertThat(summary.path("diagnosis")).allSatisfy(d -> assertThat(d.path("score").isNull()).isTrue());
    }

    @Test
    void usageErrorsAndCompareWithoutSummaries() {
        assertThat(cli("analyze").code()).isEqualTo(2);
        assertThat(cli("bogus").code()).isEqualTo(2);
        assertOneLineError(cli("compare", dir.toString()), "compare needs at least 2 analyzed runs, found 0");
    }
}
