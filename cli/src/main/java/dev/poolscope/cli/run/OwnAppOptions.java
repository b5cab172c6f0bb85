package dev.poolscope.cli.run;

import dev.poolscope.cli.Durations;
import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.AppCommand;

import picocli.CommandLine.Option;

/** Your own app instead of the lab app: the command that starts it and how to tell it is ready. */
public final class OwnAppOptions {

    @Option(names = "--app-cmd", paramLabel = "CMD", description = "your app instead of the lab app: a command starting with java, with $${port}"
            + " where the port goes, e.g. 'java -jar my.jar --server.port=$${port}' ($${java}: the JDK poolscope runs on);"
            + " the agent is inserted after java")
    String command;

    @Option(names = "--ready-url", paramLabel = "URL", description = "with --app-cmd: ready when this answers 2xx, e.g. http://127.0.0.1:$${port}/actuator/health"
            + " (default: ready when the port answers any HTTP request)")
    String readyUrl;

    @Option(names = "--ready-timeout", paramLabel = "D", defaultValue = "3m", description = "with --app-cmd: how long the app may take to become ready (default: ${DEFAULT-VALUE})")
    String readyTimeout;

    /** The user's app, or null for the lab app; refuses the lab app's options beside --app-cmd. */
    public AppCommand appCommand(AppOptions app, LoadOptions load) {
        if (command == null) {
            if (readyUrl != null) {
                throw new UserError("--ready-url goes with --app-cmd");
            }
            return null;
        }
        if (!app.args().isEmpty()) {
            throw new UserError(app.args().getFirst().replaceFirst("=.*", "")
                    + " is an option of the lab app; with --app-cmd, put your app's settings into its command");
        }
        if (load.primeCache) {
            throw new UserError("--prime-cache reads the lab app's catalogue; it does not go with --app-cmd");
        }
        if (load.plan == null) {
            throw new UserError("--app-cmd needs --plan path/to/your.jmx");
        }
        return new AppCommand(command, readyUrl, Durations.seconds(readyTimeout, "--ready-timeout"));
    }
}
