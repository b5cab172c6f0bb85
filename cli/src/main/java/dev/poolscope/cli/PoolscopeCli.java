package dev.poolscope.cli;

import dev.poolscope.cli.bench.BenchCommand;
import dev.poolscope.cli.check.CheckCommand;
import dev.poolscope.cli.process.LabAppCommand;
import dev.poolscope.cli.run.AttachCommand;
import dev.poolscope.cli.run.RunCommand;
import dev.poolscope.cli.suite.ExperimentCommand;
import dev.poolscope.cli.suite.ScenariosCommand;
import dev.poolscope.cli.suite.SweepCommand;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./poolscope run | attach | sweep | experiment | scenarios | bench | check}. */
@Command(name = "poolscope", mixinStandardHelpOptions = true, version = "poolscope 0.1.0-SNAPSHOT", description = "Finds out why a Java web app's threads wait.", subcommands = {
        RunCommand.class, AttachCommand.class, SweepCommand.class, ExperimentCommand.class,
        ScenariosCommand.class,
        BenchCommand.class, CheckCommand.class, LabAppCommand.class})
public final class PoolscopeCli {

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    static int execute(String... args) {
        CommandLine cli = new CommandLine(new PoolscopeCli());
        cli.setParameterExceptionHandler((e, a) -> {
            System.err.println("poolscope: " + e.getMessage());
            return 2;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof UserError) {
                System.err.println("poolscope: " + e.getMessage());
                return 2;
            }
            System.err.println("poolscope: " + e);
            e.printStackTrace();
            return 1;
        });
        return cli.execute(args);
    }
}
