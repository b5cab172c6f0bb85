package dev.poolscope.analysis.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

import dev.poolscope.analysis.output.OneLine;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code java -jar poolscope-analysis.jar analyze RUN_DIR | compare RUN_DIR... | export RUN_DIR | flame JFR | agent-cpu
 * RUN_DIR}.
 */
@Command(name = "poolscope-analysis", mixinStandardHelpOptions = true, version = "poolscope analysis 0.1.0", description = "Reads poolscope recordings and JMeter results; writes one offline HTML report per run.", subcommands = {
        AnalyzeCommand.class, CompareCommand.class, ExportCommand.class, FlameCommand.class,
        AgentCpuCommand.class})
public final class AnalysisCli implements Callable<Integer> {
    /** Exit codes: 0 done, 1 nothing useful could be made, 2 bad usage. */
    static final int FAILED = 1;

    @Override
    public Integer call() {
        new CommandLine(this).usage(System.err);
        return 2;
    }

    public static void main(String[] args) {
        JitChoice.followParent();
        List<String> full = JitChoice.relaunch(args);
        if (full != null) {
            try {
                // However this JVM ends (Ctrl-C, SIGTERM, SIGKILL), the child follows it (JitChoice.followParent).
                System.exit(new ProcessBuilder(full).inheritIO().start().waitFor());
            } catch (IOException e) {
                // The same analysis, only slower: go on in this JVM.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                System.exit(FAILED);
            }
        }
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with the given streams; never throws, never prints a bare stack trace. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new AnalysisCli());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            err.println(
                    "poolscope-analysis: " + OneLine.of(ex) + " (" + ex.getClass().getSimpleName()
                            + ")");
            return FAILED;
        });
        return cli.execute(args);
    }
}
