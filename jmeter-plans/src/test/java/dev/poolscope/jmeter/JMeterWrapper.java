package dev.poolscope.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs ./jmeter the way a user does, from another directory, on the JDK running the tests. The first call builds the
 * JMeter home (from Maven Central or the local repository) exactly as a user's first run does.
 */
final class JMeterWrapper {
    static final Path MODULE = Path.of(System.getProperty("poolscope.jmeter.module", ".")).toAbsolutePath()
            .normalize();
    static final Path HOME = MODULE.resolve("target/jmeter-home");
    private static final Path SCRIPT = MODULE.resolve("jmeter");
    private static boolean homeChecked;

    private JMeterWrapper() {
    }

    record Result(int exitCode, String output) {
    }

    /** The home ./jmeter builds on first use; built now if missing. */
    static synchronized Path home() throws IOException, InterruptedException {
        if (!homeChecked) {
            Result version = run(MODULE.resolve("target"), List.of("-v"), 300);
            assertThat(version.exitCode()).as(version.output()).isZero();
            assertThat(version.output()).contains(System.getProperty("jmeter.version", "5.6.3"));
            homeChecked = true;
        }
        return HOME;
    }

    /** Runs ./jmeter with these arguments in {@code workDir}; output is stdout and stderr interleaved. */
    static Result run(Path workDir, List<String> args, long timeoutSeconds)
            throws IOException, InterruptedException {
        return run(workDir, args, timeoutSeconds, null);
    }

    /** As {@link #run(Path, List, long)}, with the home in {@code home} (POOLSCOPE_JMETER_HOME) unless null. */
    static Result run(Path workDir, List<String> args, long timeoutSeconds, Path home)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        List<String> command = new ArrayList<>();
        command.add(SCRIPT.toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", javaHome().toString());
        // Two shared cores: keep JMeter small; the smoke runs need little heap.
        pb.environment().put("HEAP", "-Xms64m -Xmx384m");
        pb.environment().remove("JVM_ARGS");
        pb.environment().remove("JMETER_OPTS");
        if (home != null) {
            pb.environment().put("POOLSCOPE_JMETER_HOME", home.toString());
        } else {
            pb.environment().remove("POOLSCOPE_JMETER_HOME");
        }
        Path log = Files.createTempFile(workDir, "jmeter-wrapper", ".out");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            throw new AssertionError("./jmeter " + args + " still running after " + timeoutSeconds + " s:\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        return new Result(p.exitValue(), output);
    }

    /** The home of the JDK running this test: H for H/bin/java. */
    static Path javaHome() {
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
        return java.getParent().getParent();
    }
}
