package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.fixtures.SyntheticRun;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.launch.AnalysisJvm;

class JitChoiceTest {
    /** The real agent's recording of a starved pool (fixtures/starved-pool/agent/README.md). */
    static final Path GOLDEN = Path.of("src/test/resources/fixtures/starved-pool/agent");
    private static final long MB = 1L << 20;

    @Test
    void theInputIsTheRecordingsAndResultsTheArgumentsName(@TempDir Path dir) throws Exception {
        sparse(dir.resolve("run/agent/recording.jfr"), 100 * MB);
        sparse(dir.resolve("run/agent/jfr-repository/2026_11_26/chunk.jfr"), 10 * MB);
        sparse(dir.resolve("run/jmeter/results.jtl"), 200 * MB);
        sparse(dir.resolve("run/report.html"), 500 * MB);
        sparse(dir.resolve("profile.jfr"), 7 * MB);
        assertThat(JitChoice.inputBytes(new String[]{"analyze", dir.resolve("run").toString()}))
                .isEqualTo(310 * MB);
        assertThat(JitChoice.inputBytes(new String[]{"flame", dir.resolve("profile.jfr").toString(), "--mode",
                "wall"})).isEqualTo(7 * MB);
        assertThat(JitChoice.inputBytes(new String[]{"analyze", dir.resolve("missing").toString()})).isZero();
    }

    @Test
    void onlyALargeInputOfAC1OnlyJvmRestartsWithBothCompilers(@TempDir Path dir) throws Exception {
        sparse(dir.resolve("small/agent/recording.jfr"), JitChoice.LARGE_BYTES);
        sparse(dir.resolve("large/agent/recording.jfr"), JitChoice.LARGE_BYTES + 1);
        String[] small = {"analyze", dir.resolve("small").toString()};
        String[] large = {"analyze", dir.resolve("large").toString()};
        List<String> c1 = List.of("-Xmx512m", AnalysisJvm.C1_ONLY, "-Dx=y");
        assertThat(JitChoice.relaunch(small, c1, "/jdk/bin/java", "a.jar")).isNull();
        assertThat(JitChoice.relaunch(large, List.of("-Xmx512m"), "/jdk/bin/java", "a.jar")).isNull();
        assertThat(JitChoice.relaunch(large, c1, null, "a.jar")).isNull();
        assertThat(JitChoice.relaunch(large, c1, "/jdk/bin/java", "a.jar")).containsExactly("/jdk/bin/java",
                "-Xmx512m", "-Dx=y", "-D" + JitChoice.PARENT + "=" + ProcessHandle.current().pid(), "-cp",
                "a.jar",
                "dev.poolscope.analysis.cli.AnalysisCli", "analyze",
                dir.resolve("large").toString());
    }

    /** The real restart: a C1-only JVM given a large input hands the work to a child and passes on its result. */
    @Test
    void aRestartedAnalysisWritesTheReport(@TempDir Path dir) throws Exception {
        Path run = new SyntheticRun().write(dir.resolve("run")).runDir();
        // Beside the run's own files, which the analysis reads: enough bytes to count as a large input.
        sparse(run.resolve("extra/padding.jtl"), JitChoice.LARGE_BYTES + 1);
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(),
                "-Xmx256m", AnalysisJvm.C1_ONLY, "-cp", System.getProperty("java.class.path"),
                AnalysisCli.class.getName(), "analyze", run.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out.strip()).startsWith("wrote ");
        assertThat(run.resolve("summary.json")).isNotEmptyFile();
    }

    /**
     * Ctrl-C or SIGTERM to the JVM a launcher started stops the restarted one too. The JVMs run interpreted
     * ({@code -Xint}, which the restart keeps) on the real agent's starved-pool recording written 40 times over, so
     * the restarted analysis is still at work long after the first is stopped (about 20 s left alone).
     */
    @Test
    void stoppingTheFirstJvmStopsTheRestartedOne(@TempDir Path dir) throws Exception {
        assertTheRestartedOneStops(dir, false);
    }

    /** A SIGKILL too, which runs no shutdown hook: the restarted JVM follows the first ({@link JitChoice#followParent}). */
    @Test
    void killingTheFirstJvmStopsTheRestartedOne(@TempDir Path dir) throws Exception {
        assertTheRestartedOneStops(dir, true);
    }

    private static void assertTheRestartedOneStops(Path dir, boolean kill) throws Exception {
        Path run = dir.resolve("run");
        Path agent = Files.createDirectories(run.resolve(RunFolder.AGENT));
        byte[] recording = Files.readAllBytes(GOLDEN.resolve(RunFolder.RECORDING_JFR));
        try (var out = Files.newOutputStream(agent.resolve(RunFolder.RECORDING_JFR))) {
            for (int i = 0; i < 40; i++) {
                out.write(recording); // JFR chunks are self-contained: the copies read as one longer recording
            }
        }
        Files.copy(GOLDEN.resolve(RunFolder.METADATA_JSON), agent.resolve(RunFolder.METADATA_JSON));
        sparse(run.resolve("extra/padding.jtl"), JitChoice.LARGE_BYTES + 1);
        Process first = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-Xint",
                "-Xmx256m", AnalysisJvm.C1_ONLY, "-cp", System.getProperty("java.class.path"),
                AnalysisCli.class.getName(), "analyze", run.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
        ProcessHandle restarted = null;
        try {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (restarted == null && first.isAlive() && System.nanoTime() < deadline) {
                restarted = first.children().findFirst().orElse(null);
                Thread.sleep(20);
            }
            assertThat(restarted).as("the restarted analysis").isNotNull();
            // Past its JVM's start-up, as a user's Ctrl-C would come: a SIGTERM that arrives while a JVM is still
            // starting is acted on only once it has started.
            Thread.sleep(1500);
            assertThat(restarted.isAlive()).as("still at work").isTrue();
            if (kill) {
                first.destroyForcibly();
            } else {
                first.destroy();
            }
            assertThat(first.waitFor(20, TimeUnit.SECONDS)).as("the first JVM stopped").isTrue();
            // Left alone, it would go on for about 20 s; stopped with the first, it is gone with it.
            long stopBy = System.nanoTime() + 2_000_000_000L;
            while (running(restarted) && System.nanoTime() < stopBy) {
                Thread.sleep(20);
            }
            assertThat(running(restarted)).as("the restarted one stopped with it").isFalse();
        } finally {
            // A killed JVM's child is no longer its descendant: stopped by its handle.
            first.descendants().forEach(ProcessHandle::destroyForcibly);
            if (restarted != null) {
                restarted.destroyForcibly();
            }
            first.destroyForcibly();
        }
    }

    /**
     * Whether the process still runs: an orphan that has exited stays a zombie until the machine's init reaps it (about
     * 1.3 s in this sandbox), and ProcessHandle.isAlive counts a zombie as alive.
     */
    private static boolean running(ProcessHandle h) {
        try {
            String stat = Files.readString(Path.of("/proc/" + h.pid() + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private static void sparse(Path file, long size) throws Exception {
        Files.createDirectories(file.getParent());
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(size);
        }
    }
}
