package dev.poolscope.cli.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profiler must not change what it measures: an app that prints every statement it runs is not slowed by the
 * launcher's handling of its output. The same chatty app twice at once, one started by the launcher and one with its
 * output straight to a file, both measured over the same two seconds (so both meet the same machine); which starts
 * first alternates round by round. The ratio of their throughputs is the launcher's cost.
 *
 * <p>
 * When the launcher read the app's output through one pump thread, this test failed on both counts: the app's
 * standard output was our pipe, and its median ratio was 0.344 (rounds 0.27-0.68; 2 cores shared with other builds,
 * load average 11-15). With the cores busy the pump got one thread's share of them, the pipe filled, and the app's
 * printing threads waited for it while holding PrintStream's lock. With the output redirected to the file: median
 * 0.995 (rounds 0.88-1.33) on the same machine.
 */
class ChattyAppIT {

    static final Path HOME = Path.of(System.getProperty("poolscope.home", ".."));
    static final Path CHATTY = HOME.resolve("cli/src/test/resources/ownapp/Chatty.java");
    static final int ROUNDS = 5;
    /** Both apps measure the same interval: it starts this long after they are started (their start-up, warm-up). */
    static final long LEAD_MS = 2_500;
    static final long MEASURE_MS = 2_000;

    @TempDir
    Path work;

    @Test
    void aChattyAppRunsAsFastUnderTheLauncherAsWithItsOutputStraightToAFile() throws Exception {
        Path classes = Files.createDirectories(work.resolve("classes"));
        assertThat(ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                CHATTY.toString())).isZero();
        List<Double> ratios = new ArrayList<>();
        for (int r = 0; r < ROUNDS; r++) {
            Path viaLauncher = Files.createDirectories(work.resolve("round-" + r + "-launcher"));
            Path toFile = Files.createDirectories(work.resolve("round-" + r + "-file"));
            long start = System.currentTimeMillis() + LEAD_MS;
            AppProcess app = null;
            Process direct = null;
            try {
                for (int k = 0; k < 2; k++) {
                    if ((k == 0) == (r % 2 == 0)) {
                        app = AppProcess.start(command(classes, start, viaLauncher),
                                viaLauncher.resolve("app.log"));
                    } else {
                        direct = new ProcessBuilder(command(classes, start, toFile)).redirectErrorStream(true)
                                .redirectOutput(toFile.resolve("app.log").toFile()).start();
                    }
                }
                Path stdout = Path.of("/proc", Long.toString(app.pid()), "fd", "1");
                if (Files.exists(stdout)) {
                    assertThat(Files.readSymbolicLink(stdout))
                            .as("the app writes its log itself, no pipe of ours")
                            .isEqualTo(viaLauncher.resolve("app.log").toAbsolutePath());
                }
                ProcessHandle.of(app.pid()).orElseThrow().onExit().get(2, TimeUnit.MINUTES);
                assertThat(direct.waitFor(2, TimeUnit.MINUTES)).isTrue();
            } finally {
                if (app != null) {
                    app.close();
                }
                if (direct != null) {
                    direct.destroyForcibly();
                }
            }
            double launcher = rate(viaLauncher);
            double file = rate(toFile);
            ratios.add(launcher / file);
            System.out.printf(Locale.ROOT, "round %d: launcher %.0f req/s, file %.0f req/s, ratio %.3f%n",
                    r + 1,
                    launcher, file, launcher / file);
        }
        double median = ratios.stream().sorted().toList().get(ROUNDS / 2);
        System.out.printf(Locale.ROOT, "median ratio %.3f of %s%n", median, ratios);
        assertThat(median).as("throughput under the launcher / straight to a file, per round: %s", ratios)
                .isGreaterThan(0.7);
    }

    private static List<String> command(Path classes, long start, Path dir) {
        return List.of(Java.bin(), "-cp", classes.toString(), "Chatty", Long.toString(start),
                Long.toString(MEASURE_MS),
                "4", "20", "4", dir.resolve("result").toString());
    }

    private static double rate(Path dir) throws Exception {
        String[] result = Files.readString(dir.resolve("result")).trim().split(" ");
        assertThat(Long.parseLong(result[1])).as("ms the measurement began late in %s", dir)
                .isLessThan(1_500);
        return Double.parseDouble(result[0]);
    }
}
