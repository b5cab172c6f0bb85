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
    void exportRefusedBeforeAnythingStarts(@TempDir Path dir) {
        String out = dir.resolve("r").toString();
        assertThat(run(2, "run", "--export", "pprof,jpeg", "--out", out))
                .isEqualTo("poolscope: --export takes pprof, otlp, speedscope or collapsed, got 'jpeg'");
        assertThat(run(2, "run", "--export", "pprof", "--no-analyze", "--out", out)).startsWith(
                "poolscope: --export goes with the analysis: drop --no-analyze, or export later with");
        assertThat(run(2, "run", "--export", "otlp", "--instances", "2", "--out", out))
                .startsWith("poolscope: --export reads a run with one instance");
        assertThat(dir.resolve("r")).doesNotExist();
    }

    @Test
    void yourOwnAppWithAPlanThatDoesNotExistStartsNothing(@TempDir Path dir) {
        Path out = dir.resolve("r");
        assertThat(run(2, "run", "--app-cmd", "java -jar my.jar --server.port=${port}", "--plan",
                dir.resolve("missing.jmx").toString(), "--out", out.toString()))
                .startsWith("poolscope: no plan '" + dir.resolve("missing.jmx") + "': expected ");
        assertThat(out).doesNotExist();
    }

    @Test
    void yourOwnAppRefusesTheLabAppsOptions() {
        String cmd = "java -jar my.jar --server.port=${port}";
        assertThat(run(2, "run", "--app-cmd", cmd, "--plan", "my.jmx", "--pool-size", "4")).isEqualTo(
                "poolscope: --pool-size is an option of the lab app; with --app-cmd, put your app's settings"
                        + " into its command");
        assertThat(run(2, "run", "--app-cmd", cmd))
                .isEqualTo("poolscope: --app-cmd needs --plan path/to/your.jmx");
        assertThat(run(2, "run", "--app-cmd", cmd, "--plan", "my.jmx", "--prime-cache"))
                .isEqualTo(
                        "poolscope: --prime-cache reads the lab app's catalogue; it does not go with --app-cmd");
        assertThat(run(2, "run", "--ready-url", "http://127.0.0.1:1/")).isEqualTo(
                "poolscope: --ready-url goes with --app-cmd");
        assertThat(run(2, "run", "--app-cmd", "mvn spring-boot:run", "--plan", "my.jmx"))
                .startsWith("poolscope: --app-cmd must start with java");
        assertThat(run(2, "sweep", "--app-cmd", cmd, "--plan", "my.jmx")).isEqualTo(
                "poolscope: with --app-cmd, say what to vary, e.g. --vary app:server.tomcat.threads.max=50,200");
        assertThat(run(2, "sweep", "--app-cmd", cmd, "--plan", "my.jmx", "--threads", "8,16")).startsWith(
                "poolscope: --vary threads is an option of the lab app");
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
