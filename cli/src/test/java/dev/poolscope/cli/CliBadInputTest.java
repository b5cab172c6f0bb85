package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input: one line on stderr, exit 2, nothing started. */
class CliBadInputTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream saved;

    @BeforeEach
    void captureStderr() {
        saved = System.err;
        System.setErr(new PrintStream(err, true));
        System.setProperty("poolscope.home", Path.of("..").toAbsolutePath().normalize().toString());
    }

    @AfterEach
    void restoreStderr() {
        System.setErr(saved);
    }

    private String run(int expectedExit, String... args) {
        int exit = PoolscopeCli.execute(args);
        String text = err.toString().trim();
        assertThat(exit).as(text).isEqualTo(expectedExit);
        assertThat(text.lines().count()).as(text).isEqualTo(1);
        assertThat(text).doesNotContain("\tat ");
        err.reset();
        return text;
    }

    @Test
    void unknownPlan(@TempDir Path dir) {
        assertThat(run(2, "run", "--plan", "nope", "--out", dir.resolve("r").toString()))
                .startsWith("poolscope: no plan 'nope': expected ");
    }

    @Test
    void instancesOutOfRange() {
        assertThat(run(2, "run", "--instances", "0"))
                .isEqualTo("poolscope: --instances must be 1 to 16, got 0");
        assertThat(run(2, "run", "--instances", "17"))
                .isEqualTo("poolscope: --instances must be 1 to 16, got 17");
    }

    @Test
    void badDuration() {
        assertThat(run(2, "run", "--duration", "soon"))
                .isEqualTo("poolscope: --duration must look like 60, 60s, 2m or 1m30s, got 'soon'");
    }

    @Test
    void badThreadList() {
        assertThat(run(2, "sweep", "--threads", "8,x"))
                .isEqualTo("poolscope: --threads: 'x' is not a whole number");
        assertThat(run(2, "sweep", "--threads", "0,8"))
                .isEqualTo("poolscope: --threads: 0 is out of range (at least 1, at most 10000)");
        assertThat(run(2, "sweep", "--vary", "colour=red,blue")).startsWith(
                "poolscope: unknown knob 'colour': one of threads, server, virtual-threads,");
        assertThat(run(2, "sweep", "--vary", "vus=10,10"))
                .isEqualTo("poolscope: --vary vus repeats a value: [10, 10]");
        assertThat(run(2, "sweep", "--server", "jetty", "--vary", "server=tomcat,undertow"))
                .isEqualTo("poolscope: --server is both fixed and varied: drop one");
        assertThat(run(2, "sweep", "--vary", "server=tomcat", "--repeat", "0"))
                .isEqualTo("poolscope: --repeat must be between 1 and 100, got 0");
    }

    @Test
    void refusesToWriteIntoAFullFolder(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("keep.txt"), "data");
        assertThat(run(2, "run", "--vus", "1", "--out", dir.toString()))
                .isEqualTo("poolscope: " + dir + " is not empty: pick a new --out (runs keep their data)");
        assertThat(Files.readString(dir.resolve("keep.txt"))).isEqualTo("data");
    }

    @Test
    void unknownScenario() {
        assertThat(run(2, "scenarios", "no-such-scenario"))
                .isEqualTo("poolscope: no scenario 'no-such-scenario' (./poolscope scenarios --list)");
    }

    @Test
    void unknownOption() {
        assertThat(run(2, "run", "--thread", "3")).isEqualTo("poolscope: Unknown options: '--thread', '3'");
    }
}
