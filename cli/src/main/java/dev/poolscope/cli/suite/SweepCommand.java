package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.AppCommand;
import dev.poolscope.cli.process.Layout;
import dev.poolscope.cli.run.AppOptions;
import dev.poolscope.cli.run.LoadOptions;
import dev.poolscope.cli.run.OwnAppOptions;
import dev.poolscope.cli.run.RunCommand;
import dev.poolscope.cli.run.RunExecutor;
import dev.poolscope.cli.run.RunSpec;

import dev.poolscope.format.folder.RunFolder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "The same plan at several settings, everything else identical, then a comparison.",
        "--vary KNOB=V1,V2,... (repeatable) runs every combination; --threads N,N,... is --vary threads=N,N,...",
        "Without --threads and --vary: threads 8,16,200, each 3 times interleaved, 30 s of load each (9 runs).",
        "Knobs: threads, server, virtual-threads, pool-size, connection-timeout, open-in-view, tx-work-ms, redis-pool,"
                + " stack, event-loops, cpu-on, blocking-calls, plan, vus, prop:NAME (any plan property),"
                + " app:NAME (any property of the app, passed as --NAME=V: with --app-cmd, e.g."
                + " app:server.tomcat.threads.max=50,200).",
        "Writes OUT/SETTING/ per run (e.g. server-jetty_vt-true_vus-0900), OUT/" + RunFolder.SWEEP_JSON
                + ", OUT/" + RunFolder.COMPARE_HTML + " and"
                + " OUT/" + RunFolder.COMPARE_JSON + "."})
public final class SweepCommand implements Callable<Integer> {

    /**
     * The default sweep (neither --threads nor --vary): below the pool's 10 connections, just above them, and Tomcat's
     * default; each three times, interleaved, for 30 s, so the comparison measures its own spread (a median that one
     * disturbed run cannot move) in about 9 min on an otherwise idle 2-core machine (docs/lab/sweep-noise.md).
     */
    static final String DEFAULT_THREADS = "8,16,200";
    static final int DEFAULT_REPEAT = 3;
    static final int DEFAULT_DURATION_S = 30;

    @Option(names = "--threads", paramLabel = "N,N,...", split = ",", description = "worker-thread counts: shorthand for --vary threads=N,N,... (default without --vary: "
            + DEFAULT_THREADS + ")")
    List<String> threads;

    @Option(names = "--vary", paramLabel = "KNOB=V1,V2,...", description = "a knob and its values; several --vary make a matrix (every combination)")
    List<String> vary = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N", description = "run every setting N times, interleaved (A B C A B C); the comparison shows medians and ranges and measures the spread (default: "
            + DEFAULT_REPEAT + " for the default sweep, else 1)")
    Integer repeat;

    @Option(names = "--rows", paramLabel = "KNOB,...", description = "knobs down the comparison's pivot tables (default: all but --cols)")
    String rows;

    @Option(names = "--cols", paramLabel = "KNOB,...", description = "knobs across the pivot tables (default: the second varied knob)")
    String cols;

    @Mixin
    AppOptions app = new AppOptions();

    @Mixin
    LoadOptions load = new LoadOptions();

    @Mixin
    OwnAppOptions own = new OwnAppOptions();

    @Option(names = "--out", paramLabel = "DIR", description = "sweep folder (default: runs/sweep-TIMESTAMP)")
    Path out;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        boolean defaults = threads == null && vary.isEmpty();
        Matrix matrix = matrix(threads, vary, repeat != null ? repeat : defaults ? DEFAULT_REPEAT : 1);
        AppCommand appCommand = own.appCommand(app, load);
        if (appCommand != null && vary.isEmpty() && threads == null) {
            throw new UserError(
                    "with --app-cmd, say what to vary, e.g. --vary app:server.tomcat.threads.max=50,200");
        }
        if (appCommand != null) {
            checkOwnApp(matrix, appCommand);
        }
        for (Matrix.Axis a : matrix.axes()) {
            if (a.knob().target() == Knob.Target.APP && app.args().stream()
                    .anyMatch(x -> x.startsWith("--" + a.knob().key() + "="))) {
                throw new UserError("--" + a.knob().key() + " is both fixed and varied: drop one");
            }
            if (a.knob().target() == Knob.Target.PROP && load.props().containsKey(a.knob().key())) {
                throw new UserError(
                        "plan property '" + a.knob().key() + "' is both fixed and varied: drop one");
            }
        }
        List<String> stacks = new ArrayList<>();
        for (Matrix.Setting s : matrix.settings()) {
            Stacks.check(s.values(), Stacks.of(app.args()));
            String st = s.values().entrySet().stream().filter(e -> e.getKey().name().equals("stack"))
                    .map(Map.Entry::getValue).findFirst().orElse(Stacks.of(app.args()));
            if (!stacks.contains(st)) {
                stacks.add(st);
            }
        }
        for (String d : Stacks.dropped(app.args(), stacks)) {
            System.err.println("[sweep] " + d + ": left out of those runs");
        }
        Layout layout = Layout.detect();
        for (Matrix.Axis a : matrix.axes()) {
            if (a.knob().target() == Knob.Target.PLAN) {
                a.values().forEach(layout::plan);
            }
        }
        layout.plan(load.plan());
        Path dir = (out != null ? out : layout.home().resolve("runs").resolve("sweep-" + RunCommand.stamp()))
                .toAbsolutePath();
        RunExecutor.requireEmpty(dir);
        RunSpec given = load.spec(app.args(), dir, appCommand, false);
        RunSpec base = defaults && !spec.commandLine().getParseResult().hasMatchedOption("--duration")
                ? given.withDurationSeconds(DEFAULT_DURATION_S)
                : given;
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("plan", load.plan());
        header.put("appArgs", app.args());
        if (appCommand != null) {
            header.put("appCommand", appCommand.template());
        }
        header.put("jmeterProps", load.props());
        header.put("durationSeconds", base.durationSeconds());
        header.put("warmupSeconds", base.warmupSeconds());
        List<String> compare = new ArrayList<>();
        if (rows != null) {
            compare.addAll(List.of("--rows", rows));
        }
        if (cols != null) {
            compare.addAll(List.of("--cols", cols));
        }
        MatrixRunner.Result r = new MatrixRunner(layout, dir, "sweep").run(matrix,
                (p, o) -> p.setting().apply(base,
                        o),
                header, compare, base.durationSeconds() + base.warmupSeconds());
        if (java.nio.file.Files.isRegularFile(dir.resolve(RunFolder.COMPARE_HTML))) {
            System.out.println(dir.resolve(RunFolder.COMPARE_HTML));
        }
        return r.exit();
    }

    /** Your own app takes app:NAME, plan, vus and prop:NAME knobs; the lab app's options are not its options. */
    static void checkOwnApp(Matrix matrix, AppCommand appCommand) {
        for (Matrix.Axis a : matrix.axes()) {
            Knob k = a.knob();
            if (k.target() == Knob.Target.APP && !k.name().startsWith("app:")) {
                throw new UserError(
                        "--vary " + k.name() + " is an option of the lab app; for your app vary its"
                                + " property, e.g. --vary app:server.tomcat.threads.max=50,200");
            }
            if (k.target() == Knob.Target.APP && appCommand.sets(k.key())) {
                throw new UserError("--app-cmd sets " + k.key() + " and --vary " + k.name()
                        + " varies it: drop one");
            }
        }
    }

    /** --threads and every --vary; the default thread counts when neither is given. */
    static Matrix matrix(List<String> threads, List<String> vary, int repeat) {
        List<Matrix.Axis> axes = new ArrayList<>();
        if (threads != null && !threads.isEmpty()) {
            axes.add(Matrix.parse("threads=" + String.join(",", threads), "--threads"));
        }
        for (String v : vary) {
            axes.add(Matrix.parse(v));
        }
        if (axes.isEmpty()) {
            axes.add(Matrix.parse("threads=" + DEFAULT_THREADS));
        }
        return new Matrix(axes, repeat);
    }
}
