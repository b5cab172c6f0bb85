package dev.poolscope.cli.suite;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Layout;
import dev.poolscope.cli.run.RunCommand;
import dev.poolscope.cli.run.RunExecutor;
import dev.poolscope.cli.run.RunSpec;

import dev.poolscope.format.folder.RunFolder;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "experiment", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "A named sweep that reproduces a seed (experiments/NAME.properties), then the comparison with the seed's"
                + " published numbers beside ours and an explanation from the measurements.",
        "Writes OUT/SETTING/ per run, OUT/" + RunFolder.EXPERIMENT_JSON + ", OUT/" + RunFolder.SWEEP_JSON
                + ", OUT/" + RunFolder.COMPARE_HTML + " and OUT/" + RunFolder.COMPARE_JSON + "."})
public final class ExperimentCommand implements Callable<Integer> {

    @Parameters(paramLabel = "NAME", arity = "0..1", description = "the experiment, e.g. seed-003")
    String name;

    @Option(names = "--list", description = "list the experiments, run nothing")
    boolean list;

    @Option(names = "--quick", description = "the short form: shorter loads, fewer or capped levels (at most 10 min on 2 cores); the page says what was cut")
    boolean quick;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "run every setting N times, interleaved (default: ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--scale", paramLabel = "F", description = "multiply every run's users (vus) and request count by F, e.g. 0.2 where a machine cannot hold a level; the page says so")
    Double scale;

    @Option(names = "--out", paramLabel = "DIR", description = "experiment folder (default: runs/NAME-TIMESTAMP)")
    Path out;

    @Option(names = "--experiment-dir", paramLabel = "DIR", description = "where the experiment files are (default: experiments/ of the checkout)")
    Path experimentDir;

    @Override
    public Integer call() throws Exception {
        Layout layout = Layout.detect();
        List<Experiment> all = Experiment.all(experimentDir != null
                ? experimentDir
                : layout.home().resolve("experiments"));
        if (list) {
            for (Experiment e : all) {
                System.out.printf(Locale.ROOT,
                        "%-9s %s%n          full: %d runs, about %d min; --quick: %d runs,"
                                + " about %d min%n",
                        e.name(), e.title(), runs(e, false), minutes(e, false), runs(e, true),
                        minutes(e, true));
            }
            return 0;
        }
        if (name == null) {
            throw new UserError("name an experiment (experiment --list shows them)");
        }
        Experiment e = all.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow(
                () -> new UserError("no experiment '" + name + "': one of " + String.join(", ",
                        all.stream().map(Experiment::name).toList())));
        if (scale != null && (scale <= 0 || scale > 1)) {
            throw new UserError("--scale must be above 0 and at most 1, got " + scale);
        }
        Matrix matrix = e.matrix(quick, repeat);
        layout.plan(e.plan());
        Path dir = (out != null
                ? out
                : layout.home().resolve("runs").resolve(e.name() + "-" + RunCommand.stamp()))
                .toAbsolutePath();
        RunExecutor.requireEmpty(dir);
        RunSpec base = new RunSpec(e.app(), e.plan(), props(e),
                quick ? e.quickWarmupSeconds() : e.warmupSeconds(),
                false, e.loadSeconds(quick), true, null, false, true, dir);
        List<String> ran = new ArrayList<>();
        Map<String, String> ranBySetting = new LinkedHashMap<>();
        MatrixRunner.Specs specs = (p, o) -> spec(e, p, base, o, null);
        for (Matrix.Setting s : matrix.settings()) {
            List<String> changes = new ArrayList<>();
            spec(e, new Matrix.Planned(s, 1, s.folder()), base, dir, changes);
            if (!changes.isEmpty()) {
                ranBySetting.put(s.label(), String.join("; ", changes));
            }
        }
        describe(e, ran, ranBySetting);
        System.err.println("[" + e.name() + "] " + e.title() + (quick ? " (quick form)" : ""));
        ran.forEach(r -> System.err.println("[" + e.name() + "] " + r));
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(
                dir.resolve(RunFolder.EXPERIMENT_JSON).toFile(),
                ExperimentJson.of(e, quick, repeat, scale, ran));
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("experiment", e.name());
        header.put("quick", quick);
        header.put("plan", e.plan());
        header.put("appArgs", e.app());
        header.put("jmeterProps", base.jmeterProps());
        header.put("durationSeconds", base.durationSeconds());
        header.put("warmupSeconds", base.warmupSeconds());
        List<String> compare = new ArrayList<>();
        if (!e.rows().isEmpty()) {
            compare.addAll(List.of("--rows", e.rows()));
        }
        if (!e.cols().isEmpty()) {
            compare.addAll(List.of("--cols", e.cols()));
        }
        MatrixRunner.Result r = new MatrixRunner(layout, dir, e.name()).run(matrix, specs, header, compare,
                base.durationSeconds() + base.warmupSeconds());
        if (Files.isRegularFile(dir.resolve(RunFolder.COMPARE_HTML))) {
            System.out.println(dir.resolve(RunFolder.COMPARE_HTML));
        }
        return r.exit();
    }

    private Map<String, String> props(Experiment e) {
        Map<String, String> p = new LinkedHashMap<>(e.props());
        if (quick) {
            p.putAll(e.quickProps());
        }
        return p;
    }

    /**
     * The run of one setting: its case expanded into knob values, then the caps and --scale on users and requests;
     * {@code changes}, when given, receives a sentence per value that ran other than the setting says.
     */
    RunSpec spec(Experiment e, Matrix.Planned planned, RunSpec base, Path out, List<String> changes) {
        Map<Knob, String> values = new LinkedHashMap<>();
        planned.setting().values().forEach((k, v) -> {
            if (k.target() == Knob.Target.CASE) {
                values.putAll(e.caseValues(v, quick));
            } else {
                values.put(k, v);
            }
        });
        RunSpec s = new Matrix.Setting(values).apply(base, out);
        Map<String, String> props = new LinkedHashMap<>(s.jmeterProps());
        Integer cap = quick ? (e.quickCapVus() != null ? e.quickCapVus() : e.capVus()) : e.capVus();
        String vus = props.get("vus");
        String requests = props.get("requests");
        if (vus != null) {
            int v = Integer.parseInt(vus);
            double factor = scale == null ? 1 : scale;
            if (cap != null && v * factor > cap) {
                factor = (double) cap / v;
            }
            if (factor != 1) {
                int nv = Math.max(1, (int) Math.round(v * factor));
                props.put("vus", Integer.toString(nv));
                String what = "vus " + v + " ran as " + nv;
                if (requests != null) {
                    int nr = Math.max(nv, (int) Math.round(Integer.parseInt(requests) * factor));
                    props.put("requests", Integer.toString(nr));
                    what += ", requests " + requests + " as " + nr;
                }
                if (changes != null) {
                    changes.add(what + (cap != null && v * (scale == null ? 1 : scale) > cap
                            ? " (cap " + cap + (quick && e.quickCapVus() != null ? " in the quick form" : "")
                                    + ")"
                            : " (--scale " + scale + ")"));
                }
            }
        }
        return new RunSpec(s.appArgs(), s.plan(), props, s.warmupSeconds(), s.primeCache(),
                s.durationSeconds(),
                s.agent(), s.agentOptions(), s.dashboard(), s.analyze(), s.out());
    }

    /** What was run, beside what the experiment's full form is: the page states it. */
    private void describe(Experiment e, List<String> ran, Map<String, String> bySetting) {
        if (quick) {
            ran.add("Quick form: " + e.quickWhy());
            if (!e.quickVary().equals(e.vary())) {
                ran.add("Varied: " + e.quickVary() + " (the full form: " + e.vary() + ").");
            }
            if (e.quickDurationSeconds() != e.durationSeconds()) {
                ran.add("Load per run: at most " + e.quickDurationSeconds() + " s (the full form: "
                        + e.durationSeconds() + " s).");
            }
            if (!e.quickProps().isEmpty()) {
                ran.add("Plan properties changed for the quick form: " + e.quickProps() + ".");
            }
            e.quickCases().forEach((k, v) -> {
                if (!v.equals(e.cases().get(k))) {
                    ran.add("case " + k + " in the quick form: " + v + " (the full form: " + e.cases().get(k)
                            + ").");
                }
            });
        }
        if (!bySetting.isEmpty()) {
            ran.add("Users capped or scaled"
                    + (e.capWhy().isEmpty() || (quick && e.quickCapVus() != null)
                            ? ""
                            : " (" + e.capWhy() + ")")
                    + ": " + String.join("; ", bySetting.entrySet().stream()
                            .map(x -> x.getKey() + ": " + x.getValue()).toList())
                    + ".");
        }
        if (repeat > 1) {
            ran.add("Every setting ran " + repeat
                    + " times, interleaved; figures are medians with their range.");
        }
    }

    static int runs(Experiment e, boolean quick) {
        return e.matrix(quick, 1).schedule().size();
    }

    /** Start-up, warm-up, load, stop and analysis: ~30 s above the load on 2 cores, measured for the sweep. */
    static long minutes(Experiment e, boolean quick) {
        int perRun = e.loadSeconds(quick) + (quick ? e.quickWarmupSeconds() : e.warmupSeconds()) + 30;
        return Math.max(1, Math.round(runs(e, quick) * perRun / 60.0));
    }
}
