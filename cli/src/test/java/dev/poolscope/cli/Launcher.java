package dev.poolscope.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./poolscope} as a user runs it: the checkout's launcher script as a process, on the JDK the tests run on
 * (POOLSCOPE_JAVA_HOME), never building (POOLSCOPE_NO_BUILD: the reactor built the jars; a stale one fails the test
 * instead of starting Maven inside Maven). The script execs the JVM of the command, so the process started here is
 * the launcher's JVM (or, for {@code app}, the app's).
 */
final class Launcher {
    static final Path HOME = Path.of(System.getProperty("poolscope.home", "..")).toAbsolutePath().normalize();

    /** What a finished command left: its exit code, standard output and error. */
    record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private Launcher() {
    }

    /** Runs {@code ./poolscope ARGS} to its end (at most {@code minutes}). */
    static Result run(Map<String, String> env, int minutes, String... args)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("poolscope-out", ".txt");
        Path err = Files.createTempFile("poolscope-err", ".txt");
        try {
            Process p = builder(env, args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
                throw new AssertionError(
                        "./poolscope " + String.join(" ", args) + " still runs after " + minutes
                                + " min:\n" + Files.readString(err));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    static Result run(String... args) throws IOException, InterruptedException {
        return run(Map.of(), 15, args);
    }

    /** Starts {@code ./poolscope ARGS} with its output and error into {@code log}, for a command that keeps running. */
    static Process start(Map<String, String> env, Path log, String... args) throws IOException {
        return builder(env, args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static ProcessBuilder builder(Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>(List.of(HOME.resolve("poolscope").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(HOME.toFile());
        pb.environment().put("POOLSCOPE_JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("POOLSCOPE_NO_BUILD", "1");
        // A null value removes the variable.
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        return pb;
    }
}
