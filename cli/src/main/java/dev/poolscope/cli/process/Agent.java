package dev.poolscope.cli.process;

import dev.poolscope.cli.UserError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The agent's options, built in one place for every way it is loaded: {@code -javaagent} on the command line of the lab
 * app (run, sweep, bench and {@code ./poolscope app --agent}) and of the user's own app, and the options an attach hands
 * to the running JVM.
 */
public final class Agent {

    private Agent() {
    }

    /**
     * {@code out=DIR}, then what the caller adds ({@code more}, e.g. attach's stopAfter), then the user's options, which
     * the agent reads last.
     */
    public static String options(Path agentDir, String userOptions, String... more) {
        StringBuilder b = new StringBuilder("out=").append(agentDir.toAbsolutePath());
        for (String m : more) {
            b.append(',').append(m);
        }
        if (userOptions != null && !userOptions.isBlank()) {
            b.append(',').append(userOptions);
        }
        return b.toString();
    }

    /**
     * The JVM options that attach the agent writing into {@code agentDir} (created): {@code -javaagent:} and the native
     * access async-profiler needs (without it, JDK 24+ warns on stderr).
     */
    public static List<String> jvmOptions(Layout layout, Path agentDir, String userOptions)
            throws IOException {
        layout.require(layout.agentJar(), "profiler-agent");
        try {
            Files.createDirectories(agentDir);
        } catch (IOException e) {
            throw new UserError("cannot create the agent's folder " + agentDir + " (" + e + ")");
        }
        return List.of("-javaagent:" + layout.agentJar() + "=" + options(agentDir, userOptions),
                "--enable-native-access=ALL-UNNAMED");
    }
}
