package dev.poolscope.cli.run;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.AppCommand;
import dev.poolscope.cli.process.Layout;

import dev.poolscope.format.folder.RunFolder;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "One run: real PostgreSQL and Redis, the lab app with the agent, the plan through the real JMeter, a clean stop, the report.",
        "With --app-cmd, your own app instead (any JVM web app started by one java command; its JVM gets the agent)",
        "and --plan your .jmx (sent -Jhost, -Jport, -Jduration).",
        "Writes RUN_DIR/" + RunFolder.RUN_JSON + ", " + RunFolder.APP_LOG + ", agent/, jmeter/, "
                + RunFolder.REPORT_HTML + ", " + RunFolder.SUMMARY_JSON
                + " (--instances N: app-N.log, agent-N/)."})
public final class RunCommand implements Callable<Integer> {

    @Mixin
    AppOptions app = new AppOptions();

    @Mixin
    LoadOptions load = new LoadOptions();

    @Mixin
    OwnAppOptions own = new OwnAppOptions();

    @Option(names = "--threads", paramLabel = "N", description = "worker threads of the app's server (default: 200)")
    Integer threads;

    @Option(names = "--instances", paramLabel = "N", defaultValue = "1", description = {
            "N instances of the app on this machine, sharing the first one's PostgreSQL and Redis, behind a round-robin",
            "TCP balancer on loopback: one agent folder each (agent-1/, ...), one report with every instance (default: 1)"})
    int instances;

    @Option(names = "--out", paramLabel = "DIR", description = "run folder (default: runs/PLAN-TIMESTAMP)")
    Path out;

    @Option(names = "--export", split = ",", paramLabel = "FORMAT", description = {
            "also write every profile of the run (cpu, wall, gaps, lock) in these formats into RUN_DIR/export/:",
            "pprof, otlp, speedscope, collapsed (docs/reference/export.md)"})
    List<String> export = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (instances < 1 || instances > 16) {
            throw new UserError("--instances must be 1 to 16, got " + instances);
        }
        for (String f : export) {
            if (!List.of("pprof", "otlp", "speedscope", "collapsed").contains(f)) {
                throw new UserError("--export takes pprof, otlp, speedscope or collapsed, got '" + f + "'");
            }
        }
        if (!export.isEmpty() && instances > 1) {
            throw new UserError(
                    "--export reads a run with one instance; with --instances, export is not supported yet");
        }
        if (!export.isEmpty() && load.noAnalyze) {
            throw new UserError("--export goes with the analysis: drop --no-analyze, or export later with"
                    + " ./poolscope export RUN_DIR --format FORMAT");
        }
        Layout layout = Layout.detect();
        AppCommand appCommand = own.appCommand(app, load);
        if (appCommand != null && instances > 1) {
            throw new UserError("--instances goes with the lab app, not --app-cmd");
        }
        String planName = Path.of(load.plan()).getFileName().toString().replaceFirst("\\.jmx$", "");
        Path dir = out != null
                ? out
                : layout.home().resolve("runs")
                        .resolve(planName.replaceAll("[^\\w.-]", "_") + "-" + stamp());
        List<String> appArgs = new ArrayList<>(app.args());
        if (threads != null) {
            if (appCommand != null) {
                throw new UserError("--threads is an option of the lab app; with --app-cmd, put your server's"
                        + " setting into its command (e.g. --server.tomcat.threads.max=50)");
            }
            appArgs.add("--threads=" + threads);
        }
        RunSpec spec = load.spec(appArgs, dir, appCommand, true);
        long start = System.nanoTime();
        RunExecutor.Outcome outcome = new RunExecutor(layout,
                (phase, detail) -> System.err.println("[run] " + phase + ": " + detail)).instances(instances)
                .export(export)
                .execute(spec);
        System.err.printf("[run] done in %d s: %s%n", (System.nanoTime() - start) / 1_000_000_000L,
                outcome.dir());
        if (outcome.jtl().samples() == 0) {
            System.err.println("poolscope: JMeter recorded no samples: nothing was measured");
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

    public static String stamp() {
        return LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    }
}
