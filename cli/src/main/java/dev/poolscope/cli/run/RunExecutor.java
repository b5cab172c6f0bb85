package dev.poolscope.cli.run;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Agent;
import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.AppCommand;
import dev.poolscope.cli.process.AppGroup;
import dev.poolscope.cli.process.AppProcess;
import dev.poolscope.cli.process.Java;
import dev.poolscope.cli.process.Layout;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.run.RunJson;
import dev.poolscope.jmeter.JtlSummary;

/**
 * One run: app (with the agent) up, warm-up, the plan through the real JMeter, app down, analysis.
 * Writes {@code run.json} with the configuration and each phase's start and end (epoch ms), so the
 * analysis can tell the measured window from the warm-up.
 */
public final class RunExecutor {

    /** What a run ended with. */
    public record Outcome(Path dir, JtlSummary jtl, int analysisExit, Map<String, String> ready) {
    }

    public interface Progress {
        void phase(String phase, String detail);
    }

    /** Longer than the agent's 1-s period of jdk.ClassLoadingStatistics, GCHeapMemoryUsage and ResidentSetSize. */
    static final long IDLE_AFTER_READY_MS = 1_500;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Layout layout;
    private final Progress progress;
    private int instances = 1;
    private List<String> export = List.of();

    public RunExecutor(Layout layout, Progress progress) {
        this.layout = layout;
        this.progress = progress;
    }

    /** Several instances of the app behind a round-robin balancer ({@link AppGroup}); 1 by default. */
    RunExecutor instances(int count) {
        this.instances = count;
        return this;
    }

    /** Formats the analysis also exports every profile in, into RUN_DIR/export/ ({@code analyze --export}). */
    RunExecutor export(List<String> formats) {
        this.export = List.copyOf(formats);
        return this;
    }

    public Outcome execute(RunSpec spec) throws IOException, InterruptedException {
        Path plan = layout.plan(spec.plan());
        Path dir = spec.out().toAbsolutePath();
        requireEmpty(dir);
        RunJson.Builder run = RunJson.builder("0.1.0-SNAPSHOT").plan(spec.plan(), plan.toString())
                .appArgs(spec.appArgs()).jmeterProps(spec.jmeterProps()).warmupSeconds(spec.warmupSeconds())
                .primeCache(spec.primeCache()).durationSeconds(spec.durationSeconds())
                .agent(spec.agent(), spec.agentOptions());
        if (!spec.jvmOptions().isEmpty()) {
            run.jvmOptions(spec.jvmOptions());
        }
        if (instances > 1) {
            run.instanceCount(instances);
        }
        write(dir, run);
        try {
            return execute(spec, plan, dir, run);
        } catch (UserError e) {
            // The folder keeps what the run got to, and says why it ended there.
            run.error(e.getMessage());
            write(dir, run);
            throw e;
        }
    }

    private Outcome execute(RunSpec spec, Path plan, Path dir, RunJson.Builder run)
            throws IOException, InterruptedException {
        AppCommand own = spec.appCommand();
        int ownPort = own == null ? -1 : freePort();
        progress.phase("start", own != null
                ? "your app on port " + ownPort + ": " + own.template()
                : (instances > 1 ? instances + " instances of " : "") + "app "
                        + String.join(" ", spec.appArgs()));
        run.appStartMs(System.currentTimeMillis());
        AppGroup started = own == null
                ? AppGroup.start(layout, spec.app(), dir, instances)
                : AppGroup.own(layout, spec.app(), dir, startOwn(spec, ownPort, dir, run));
        try (AppGroup app = started) {
            Map<String, String> ready = own == null
                    ? app.awaitReady(Duration.ofMinutes(3))
                    : awaitOwn(app.first(), own, ownPort, spec.agent() ? dir.resolve(RunFolder.AGENT) : null);
            run.appReadyMs(System.currentTimeMillis());
            run.app(ready);
            if (instances > 1) {
                run.instances(app.describe());
            }
            write(dir, run);
            String url = ready.get("url");
            int port = Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));

            // The app stands idle a moment so the agent's 1-s footprint gauges sample it once before any request.
            Thread.sleep(IDLE_AFTER_READY_MS);
            progress.phase("warm-up", spec.warmupSeconds() + " s at " + url);
            run.warmupStartMs(System.currentTimeMillis());
            if (own == null) {
                WarmUp.Result warm = WarmUp.run(url, spec.primeCache(), spec.warmupSeconds(), 8);
                run.warmupRequests(warm.requests());
                run.warmupProductsPrimed(warm.primed());
            } else if (spec.warmupSeconds() > 0) {
                // poolscope cannot know the user's requests: their own plan warms the app up, for the warm-up's length.
                Path warmup = dir.resolve(RunFolder.WARMUP);
                jmeter("warm-up", plan, warmup, port, spec, spec.warmupSeconds(), false, app,
                        new ArrayList<>());
                if (Files.isRegularFile(warmup.resolve(RunFolder.RESULTS_JTL))) {
                    run.warmupRequests(JtlSummary.read(warmup.resolve(RunFolder.RESULTS_JTL)).samples());
                }
            }
            run.warmupEndMs(System.currentTimeMillis());

            progress.phase("load", spec.plan() + " for " + spec.durationSeconds() + " s");
            run.loadStartMs(System.currentTimeMillis());
            List<long[]> appCpu = new ArrayList<>();
            run.appCpuDuringLoad(appCpu);
            int jmeterExit = jmeter("load", plan, dir.resolve(RunFolder.JMETER), port, spec,
                    spec.durationSeconds(),
                    spec.dashboard(), app, appCpu);
            run.loadEndMs(System.currentTimeMillis());
            run.jmeterExitCode(jmeterExit);
            if (!app.alive()) {
                // Keep what was recorded: JFR's chunks and the .jtl up to the death are analysed, partial.
                int appExit = app.stop(Duration.ofSeconds(1));
                run.appExitCode(appExit).appDied();
                write(dir, run);
                String analysed = "";
                if (spec.analyze() && Files.isRegularFile(dir.resolve(RunFolder.RESULTS_JTL_PATH))) {
                    progress.phase("analyse", dir + " (partial: the app died; heap " + Analysis.heap() + ")");
                    new Analysis(layout).analyze(dir, export);
                    analysed = "; analysed what was recorded until then: "
                            + dir.resolve(RunFolder.REPORT_HTML);
                }
                throw new UserError(
                        "the app died during the load (exit code " + appExit + "); JMeter was stopped"
                                + analysed + "; see " + dir.resolve(RunFolder.APP_LOG));
            }

            run.memory(AppProbe.memory(app.pid(), instances > 1 ? app.firstUrl() : url));
            progress.phase("stop", "SIGTERM to the app (pid " + app.pid() + ")");
            int exit = app.stop(Duration.ofSeconds(60));
            run.appStoppedMs(System.currentTimeMillis());
            run.appExitCode(exit);
            if (instances > 1) {
                run.balancer(app.balancerStats());
            }

            Path jtlPath = dir.resolve(RunFolder.RESULTS_JTL_PATH);
            if (!Files.isRegularFile(jtlPath)) {
                write(dir, run);
                throw new UserError("JMeter wrote no results (exit " + jmeterExit + "); see "
                        + dir.resolve("jmeter/jmeter.out"));
            }
            JtlSummary jtl = JtlSummary.read(jtlPath);
            run.results(new RunJson.Results(jtl.samples(), jtl.errors(), jtl.errorRate(),
                    jtl.throughputPerSecond(), jtl.errorsByCode()));
            write(dir, run);
            progress.phase("results", "JMeter: " + jtl.describe());
            if (jtl.errors() > 0) {
                progress.phase("results", String.format(Locale.ROOT,
                        "WARNING: %.2f%% of requests failed (JMeter still exits 0)", 100 * jtl.errorRate()));
            }

            int analysisExit = -1;
            if (spec.analyze()) {
                progress.phase("analyse", dir + " (heap " + Analysis.heap() + ")");
                analysisExit = new Analysis(layout).analyze(dir, export);
                run.analysedMs(System.currentTimeMillis());
                write(dir, run);
            }
            return new Outcome(dir, jtl, analysisExit, ready);
        }
    }

    /** Starts the user's command with the agent's options right after its {@code java}; records the command. */
    private AppProcess startOwn(RunSpec spec, int port, Path dir, RunJson.Builder run)
            throws IOException {
        List<String> jvm = new ArrayList<>(spec.jvmOptions());
        if (spec.agent()) {
            jvm.addAll(Agent.jvmOptions(layout, dir.resolve(RunFolder.AGENT), spec.agentOptions()));
        }
        List<String> command = spec.appCommand().command(port, Java.bin(), jvm, spec.appArgs());
        run.appCommand(command, spec.appCommand().readyUri(port).toString());
        write(dir, run);
        return AppProcess.start(command, dir.resolve(RunFolder.APP_LOG));
    }

    /** Ready when the ready URL answers; the fields run.json keeps under "app". */
    private Map<String, String> awaitOwn(AppProcess app, AppCommand own, int port, Path agentDir)
            throws InterruptedException {
        app.awaitHttp(own.readyUri(port), own.readyUrl() == null,
                Duration.ofSeconds(own.readyTimeoutSeconds()));
        if (agentDir != null && !Files.isRegularFile(agentDir.resolve(RunFolder.METADATA_JSON))) {
            // The agent stays off in a JVM older than 21 and says so in one line of app.log; the run goes on.
            progress.phase("start", "WARNING: the agent did not start in your app's JVM (it needs Java 21 or"
                    + " newer: use ${java} in --app-cmd, or see " + RunFolder.APP_LOG
                    + "); the report will have the client's view only");
        }
        Map<String, String> ready = new LinkedHashMap<>();
        ready.put("url", "http://127.0.0.1:" + port);
        ready.put("port", Integer.toString(port));
        ready.put("pid", Long.toString(app.pid()));
        return ready;
    }

    /** A port nothing listens on now, on loopback; the app's own bind is the real test (it fails and says so). */
    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The plan through JMeter for {@code seconds}, watched ({@link LoadPhase}). */
    private int jmeter(String phase, Path plan, Path out, int port, RunSpec spec, int seconds,
            boolean dashboard,
            AppGroup app, List<long[]> appCpu)
            throws IOException, InterruptedException {
        return new LoadPhase(layout, progress).run(phase, plan, out, port, spec.jmeterProps(), seconds,
                dashboard, app,
                appCpu);
    }

    /** Creates DIR; refuses one that has anything in it, so a run never overwrites another's data. */
    public static void requireEmpty(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new UserError(dir + " is not empty: pick a new --out (runs keep their data)");
                }
            }
        }
        Files.createDirectories(dir);
    }

    private static void write(Path dir, RunJson.Builder run) throws IOException {
        JSON.writeValue(dir.resolve(RunFolder.RUN_JSON).toFile(),
                run.writtenAt(Instant.now().toString()).build());
    }
}
