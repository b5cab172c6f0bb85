package dev.poolscope.app.options;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * The command line of a lab app, servlet or reactive: its options become Spring properties, any Spring property
 * passes through unchanged, and a bad value ends the JVM with one line before Spring starts. Subclasses name the
 * command and list their options; those both apps take are the mixins of this package.
 */
@Command(mixinStandardHelpOptions = true, sortOptions = false, footer = "Any --spring.property=value is passed to Spring Boot unchanged.")
public abstract class SpringCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Unmatched
    List<String> unmatched = new ArrayList<>();

    private String[] springArgs;

    @Override
    public final Integer call() {
        SpringArgs args = new SpringArgs(spec.commandLine(), unmatched);
        addTo(args);
        springArgs = args.toArray();
        return 0;
    }

    /** Adds this command's options to {@code args}, in the order Spring should see them. */
    protected abstract void addTo(SpringArgs args);

    /** The arguments for {@code SpringApplication.run}; null until a command line has been accepted. */
    public String[] springArgs() {
        return springArgs;
    }

    /**
     * The Spring arguments of {@code args}; after --help or --version (exit 0) or a refusal (one line on stderr
     * naming the command, exit 2) the JVM exits instead, so Spring never starts on a command line it cannot serve.
     */
    public static String[] springArgsOrExit(SpringCommand command, String[] args) {
        CommandLine cli = new CommandLine(command);
        String name = cli.getCommandName();
        cli.setParameterExceptionHandler((e, a) -> {
            System.err.println(name + ": " + e.getMessage());
            return 2;
        });
        int exit = cli.execute(args);
        if (exit != 0 || command.springArgs() == null) {
            System.exit(exit);
        }
        return command.springArgs();
    }
}
