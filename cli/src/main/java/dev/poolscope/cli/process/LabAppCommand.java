package dev.poolscope.cli.process;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code ./poolscope app}'s command line, for the launcher script to exec: the lab app started as run starts it (the
 * same java, JVM options, agent options and jar), so they are built in one place. Prints its words, each ended by a
 * NUL. Not for users: hidden from the help.
 */
@Command(name = "app-command", hidden = true, description = "The lab app's command line for ./poolscope app, NUL-separated.")
public final class LabAppCommand implements Callable<Integer> {

    @Option(names = "--agent", paramLabel = "DIR", description = "attach the agent, writing into DIR")
    Path agent;

    @Option(names = "--agent-options", paramLabel = "K=V,...")
    String agentOptions;

    @Option(names = "--stack", paramLabel = "STACK")
    String stack;

    /** Everything else is the app's own (its --help included). */
    @Unmatched
    List<String> appArgs = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        List<String> args = new ArrayList<>();
        if (stack != null) {
            args.add("--stack=" + stack);
        }
        args.addAll(appArgs);
        List<String> command = AppProcess.labCommand(Layout.detect(), args, List.of(), agent, agentOptions);
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        for (String word : command) {
            out.print(word);
            out.print('\0');
        }
        out.flush();
        return 0;
    }
}
