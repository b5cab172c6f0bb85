package dev.poolscope.cli.run;

import dev.poolscope.cli.Durations;
import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Layout;

import dev.poolscope.format.folder.RunFolder;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "attach", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "Records a JVM that is already running (21 or newer, started without the agent): loads the agent into it, records for the duration, stops JFR and async-profiler, makes the hooks inert, and analyses. The app keeps serving throughout.",
        "Writes RUN_DIR/" + RunFolder.RUN_JSON + ", agent/, " + RunFolder.REPORT_HTML + ", "
                + RunFolder.SUMMARY_JSON + " (no JMeter: the report has the server's view only).",
        "Exit: 0 analysed, 1 already attached or the analysis failed, 2 bad input (no such process, not a JVM, too old)."})
public final class AttachCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "PID", description = "process id of the running JVM")
    String pid;

    @Option(names = "--duration", paramLabel = "D", defaultValue = "60s", description = "how long to record, e.g. 60s or 2m (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--out", paramLabel = "DIR", description = "run folder (default: runs/attach-PID-TIMESTAMP)")
    Path out;

    @Option(names = "--agent-options", paramLabel = "K=V,...", description = "options for the agent (see docs/reference/agent-options.md)")
    String agentOptions;

    @Option(names = "--no-analyze", description = "skip the analysis (run ./poolscope analyze DIR later)")
    boolean noAnalyze;

    @Override
    public Integer call() throws Exception {
        long target;
        try {
            target = Long.parseLong(pid.trim());
        } catch (NumberFormatException e) {
            throw new UserError("PID must be a process id, got '" + pid + "'");
        }
        int seconds = Durations.seconds(duration, "--duration");
        if (seconds < 1) {
            throw new UserError("--duration must be at least 1 s");
        }
        Layout layout = Layout.detect();
        Path dir = out != null
                ? out
                : layout.home().resolve("runs").resolve("attach-" + target + "-" + RunCommand.stamp());
        AttachRun.Outcome outcome = new AttachRun(layout,
                (phase, detail) -> System.err.println("[attach] " + phase + ": " + detail))
                .execute(target, seconds, agentOptions, !noAnalyze, dir.toAbsolutePath());
        if (outcome.alreadyAttached() != null) {
            System.err.println("poolscope: " + outcome.alreadyAttached());
            return 1;
        }
        if (outcome.analysisExit() > 0) {
            System.err.println("poolscope: the analysis failed (exit " + outcome.analysisExit() + ")");
            return 1;
        }
        if (outcome.analysisExit() == 0) {
            System.out.println(outcome.dir().resolve(RunFolder.REPORT_HTML));
        }
        return 0;
    }
}
