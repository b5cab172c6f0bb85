package dev.poolscope.agent;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * The agent's few log lines: stderr with the {@code [poolscope-agent]} prefix, and {@code agent.log} in the
 * output folder once it is known. No logging framework: the host may bring its own and must not see ours.
 */
public final class AgentLog {
    static final String PREFIX = "[poolscope-agent] ";
    private static Writer file;

    private AgentLog() {
    }

    static synchronized void openFile(Path log) {
        try {
            file = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            file = null;
        }
    }

    public static void info(String message) {
        System.err.println(PREFIX + message);
        toFile(message);
    }

    /** For the console line: stderr only, the file gets the periodic JFR events instead. */
    static void console(String message) {
        System.err.println(PREFIX + message);
    }

    private static synchronized void toFile(String message) {
        if (file == null) {
            return;
        }
        try {
            file.write(Instant.now() + " " + message + System.lineSeparator());
            file.flush();
        } catch (IOException e) {
            file = null;
        }
    }

    static synchronized void close() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // Nothing left to tell.
            }
            file = null;
        }
    }
}
