package dev.poolscope.agent.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A separate JVM started by a test, its stdout and stderr in files; always killed by {@link #close()}. */
final class JvmProcess implements AutoCloseable {
    final Process process;
    final Path stdout;
    final Path stderr;

    private JvmProcess(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static Path agentJar() {
        return Path.of(System.getProperty("poolscope.agent.jar", "target/poolscope-agent.jar"))
                .toAbsolutePath();
    }

    /** The JDK running this test (25 via the build's toolchain). */
    static String java() {
        return ProcessHandle.current().info().command().orElseThrow();
    }

    /** The Java feature version ({@code java.specification.version}) of another JDK's {@code java}. */
    static int featureVersion(String java, Path workDir) throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path settings = workDir.resolve("java-version.txt");
        new ProcessBuilder(java, "-XshowSettings:properties", "-version").redirectErrorStream(true)
                .redirectOutput(settings.toFile()).start().waitFor();
        String spec = Files.readAllLines(settings).stream()
                .filter(l -> l.contains("java.specification.version"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(java + " printed no java.specification.version"))
                .replaceAll(".*= *", "").strip();
        return Integer.parseInt(spec);
    }

    /** Deletes what an earlier run left in a test's folder. */
    static void clean(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var s = Files.walk(dir)) {
                for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    static JvmProcess start(Path workDir, List<String> command) throws IOException {
        Files.createDirectories(workDir);
        Path out = workDir.resolve("stdout.log");
        Path err = workDir.resolve("stderr.log");
        Process p = new ProcessBuilder(command).directory(workDir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        return new JvmProcess(p, out, err);
    }

    static List<String> javaWithAgent(String agentArgs, String... rest) {
        return javaOnWithAgent(java(), agentArgs, rest);
    }

    /** The same on another JDK's {@code java}. */
    static List<String> javaOnWithAgent(String java, String agentArgs, String... rest) {
        List<String> cmd = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-javaagent:" + agentJar() + (agentArgs == null ? "" : "=" + agentArgs)));
        cmd.addAll(List.of(rest));
        return cmd;
    }

    /** Waits for a stdout line matching {@code regex}; returns its first group (or the line). */
    String awaitStdout(String regex, Duration timeout) throws Exception {
        return await(stdout, regex, timeout);
    }

    /** The same on stderr, where the agent writes. */
    String awaitStderr(String regex, Duration timeout) throws Exception {
        return await(stderr, regex, timeout);
    }

    private String await(Path file, String regex, Duration timeout) throws Exception {
        Pattern p = Pattern.compile(regex);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Matcher m = p.matcher(line);
                if (m.find()) {
                    return m.groupCount() > 0 ? m.group(1) : line;
                }
            }
            if (!process.isAlive()) {
                throw new AssertionError(
                        "process exited (" + process.exitValue() + ") before printing " + regex
                                + "\nstdout tail: " + tail(stdout) + "\nstderr tail: " + tail(stderr));
            }
            Thread.sleep(200);
        }
        throw new AssertionError(
                "no line matching " + regex + " within " + timeout + "\nstderr: " + tail(stderr));
    }

    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("process did not exit within " + timeout);
        }
        return process.exitValue();
    }

    List<String> stderrLines() throws IOException {
        return Files.readAllLines(stderr, StandardCharsets.UTF_8);
    }

    List<String> stdoutLines() throws IOException {
        return Files.readAllLines(stdout, StandardCharsets.UTF_8);
    }

    static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(" + e + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
