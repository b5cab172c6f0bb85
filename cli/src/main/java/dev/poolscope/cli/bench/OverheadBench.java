package dev.poolscope.cli.bench;

import dev.poolscope.cli.Durations;
import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Layout;
import dev.poolscope.cli.run.AppOptions;
import dev.poolscope.cli.run.RunCommand;
import dev.poolscope.cli.run.RunExecutor;
import dev.poolscope.cli.run.RunSpec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.run.RunJson;
import dev.poolscope.format.summary.AgentCpu;
import dev.poolscope.jmeter.JtlSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The agent's cost: the same plan against the same app with no agent, with JFR only, and with JFR plus
 * async-profiler, alternated round by round (the order rotates) so drift on a shared machine hits every
 * mode alike. Each run loads the app for {@code --settle} (discarded: the client's and the server's JIT,
 * the pools) and then measures {@code --duration}. Prints, per mode, throughput, p99 and the app JVM's CPU
 * per request against no agent in the same round, with their spread, and heap after GC.
 */
@Command(name = "overhead", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "A/B/C runs: no agent, JFR only, JFR + async-profiler, alternated.",
        "Prints throughput, p99 and CPU-per-request ratios with their spread, and heap after GC;"
                + " writes them all to OUT/bench.json."})
final class OverheadBench implements Callable<Integer> {

    /** One configuration under test. */
    record Mode(String name, boolean agent, String options, List<String> jvmOptions) {
        static final Mode NONE = new Mode("none", false, null, List.of());
        static final List<Mode> DEFAULTS = List.of(NONE,
                new Mode("jfr", true, "asprof=false,console=false", List.of()),
                new Mode("full", true, "console=false", List.of()));

        Mode {
            jvmOptions = List.copyOf(jvmOptions);
        }

        /** {@code NAME=K=V;K=V}: an agent mode with those options ({@code ;} between options). */
        static Mode parse(String spec) {
            String name = name(spec, "--mode", "NAME=OPTIONS", "--mode wall50=wallInterval=50ms");
            String options = spec.length() == name.length()
                    ? ""
                    : spec.substring(name.length() + 1).replace(';', ',');
            return new Mode(name, true, options.isEmpty() ? "console=false" : "console=false," + options,
                    List.of());
        }

        /**
         * {@code NAME=OPTION OPTION}: no agent, the app's JVM started with those options (split at spaces), e.g. the
         * JDK's own JFR as the reference an agent mode is held against.
         */
        static Mode parseJvm(String spec) {
            String name = name(spec, "--jvm-mode", "NAME=JVM_OPTIONS",
                    "--jvm-mode jdkjfr=-XX:StartFlightRecording=settings=default");
            String options = spec.length() == name.length() ? "" : spec.substring(name.length() + 1).trim();
            if (options.isEmpty()) {
                throw new UserError("--jvm-mode '" + spec + "': no JVM options after '" + name + "='"
                        + " (the app without options is the mode 'none', always run)");
            }
            return new Mode(name, false, null, List.of(options.split("\\s+")));
        }

        private static String name(String spec, String option, String form, String example) {
            int eq = spec.indexOf('=');
            String name = eq < 0 ? spec : spec.substring(0, eq);
            if (!name.matches("[A-Za-z0-9_-]+") || name.equals("none")) {
                throw new UserError(
                        option + " '" + spec + "': want " + form + " with a name of letters, digits,"
                                + " - or _ (not 'none', which is always run), e.g. " + example);
            }
            return name;
        }
    }

    /** One run's numbers over its measured window. */
    /**
     * {@code agentCpuShare}: the agent's share of the app's CPU in the window, from async-profiler's CPU samples (the
     * report's section 9); NaN without async-profiler.
     */
    record Sample(String mode, int round, double throughput, double p99Ms, double cpuMsPerRequest,
            double drift, long errors, double heapAfterGcBytes, double agentCpuShare) {
    }

    @Option(names = "--rounds", defaultValue = "3", description = "rounds; each runs every mode once (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--plan", defaultValue = "vu500", description = "plan (default: ${DEFAULT-VALUE})")
    String plan;

    @Option(names = "--vus", defaultValue = "50", description = "virtual users (default: ${DEFAULT-VALUE})")
    int vus;

    @Option(names = "--warmup", defaultValue = "10s", description = "mixed requests before the load, after every product has been read once (default: ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--settle", defaultValue = "60s", description = "load at the start of each run that is not measured (default: ${DEFAULT-VALUE})")
    String settle;

    @Option(names = "--duration", defaultValue = "30s", description = "measured load per run, after --settle (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--threads", description = "worker threads (default: the app's, 200)")
    Integer threads;

    @Option(names = "--mode", paramLabel = "NAME=K=V;K=V", description = "agent modes to compare with no agent, replacing jfr and full;"
            + " options joined by ';', e.g. --mode jfr=asprof=false --mode wall50=wallInterval=50ms")
    List<String> modes;

    @Option(names = "--jvm-mode", paramLabel = "NAME=JVM_OPTIONS", description = "modes without the agent whose app"
            + " JVM gets these options (split at spaces), e.g. the JDK's own JFR as a reference:"
            + " --jvm-mode 'jdkjfr=-XX:StartFlightRecording=settings=default'")
    List<String> jvmModes;

    @Option(names = "--out", description = "folder for the runs (default: runs/bench-overhead-TIMESTAMP)")
    Path out;

    @Mixin
    AppOptions app = new AppOptions();

    @Override
    public Integer call() throws Exception {
        if (rounds < 1) {
            throw new UserError("--rounds must be at least 1");
        }
        List<Mode> all = modes(modes, jvmModes);
        int settleS = Durations.seconds(settle, "--settle");
        int measureS = Durations.seconds(duration, "--duration");
        if (measureS < 2) {
            throw new UserError("--duration must be at least 2s");
        }
        Layout layout = Layout.detect();
        Path dir = (out != null
                ? out
                : layout.home().resolve("runs").resolve("bench-overhead-" + RunCommand.stamp()))
                .toAbsolutePath();
        RunExecutor.requireEmpty(dir);
        List<String> appArgs = new ArrayList<>(app.args());
        if (threads != null) {
            appArgs.add("--threads=" + threads);
        }
        List<Sample> samples = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < all.size(); k++) {
                Mode mode = all.get((k + r) % all.size());
                Path runDir = dir.resolve("round-" + (r + 1) + "-" + mode.name());
                String label = "[bench " + (r + 1) + "/" + rounds + " " + mode.name() + "]";
                RunSpec spec = new RunSpec(appArgs, plan, Map.of("vus", Integer.toString(vus)),
                        Durations.seconds(warmup, "--warmup"), true, settleS + measureS, mode.agent(),
                        mode.options(), false, false, runDir).withJvmOptions(mode.jvmOptions());
                new RunExecutor(layout,
                        (phase, detail) -> System.err.println(label + " " + phase + ": " + detail))
                        .execute(spec);
                Sample s = measure(mode.name(), r + 1, runDir, settleS, measureS,
                        (from, to) -> agentCpuShare(layout, runDir, from, to));
                samples.add(s);
                // After every run, so a bench stopped half-way keeps what it measured.
                writeJson(dir, all, samples, appArgs, settleS, measureS);
                System.err.printf(Locale.ROOT,
                        "%s measured: %.1f req/s, p99 %.0f ms, %.3f CPU ms/request, agent %s of the app's CPU%n",
                        label, s.throughput(), s.p99Ms(), s.cpuMsPerRequest(), share(s.agentCpuShare()));
            }
        }

        System.out.print(table(all, samples));
        System.out.println("raw numbers: " + dir.resolve("bench.json"));
        return 0;
    }

    /**
     * No agent, then the agent modes ({@code --mode}, or jfr and full when none is given), then the JVM-option modes.
     */
    static List<Mode> modes(List<String> agentSpecs, List<String> jvmSpecs) {
        List<Mode> all = new ArrayList<>(
                agentSpecs == null || agentSpecs.isEmpty() ? Mode.DEFAULTS : List.of(Mode.NONE));
        List<Mode> given = new ArrayList<>();
        for (String spec : agentSpecs == null ? List.<String>of() : agentSpecs) {
            given.add(Mode.parse(spec));
        }
        for (String spec : jvmSpecs == null ? List.<String>of() : jvmSpecs) {
            given.add(Mode.parseJvm(spec));
        }
        for (Mode m : given) {
            if (all.stream().anyMatch(x -> x.name().equals(m.name()))) {
                throw new UserError("mode " + m.name() + " is given twice");
            }
            all.add(m);
        }
        return all;
    }

    private void writeJson(Path dir, List<Mode> all, List<Sample> samples, List<String> appArgs, int settleS,
            int measureS) throws java.io.IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("plan", plan);
        json.put("vus", vus);
        json.put("appArgs", appArgs);
        json.put("settleSeconds", settleS);
        json.put("measuredSeconds", measureS);
        json.put("rounds", rounds);
        json.put("modes", all);
        json.put("runs", samples);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(
                dir.resolve("bench.json").toFile(),
                json);
    }

    /** A figure of a run over a window in epoch milliseconds. */
    interface Window {
        double applyAsDouble(long fromMs, long toMs) throws Exception;
    }

    /**
     * The measured window starts {@code settleS} after the first sample of the load and lasts
     * {@code measureS}; samples count by their start.
     */
    static Sample measure(String mode, int round, Path runDir, int settleS, int measureS, Window agentShare)
            throws Exception {
        Path jtl = runDir.resolve(RunFolder.RESULTS_JTL_PATH);
        long first = JtlSummary.read(jtl).firstStartMs();
        long from = first + settleS * 1000L;
        long to = from + measureS * 1000L;
        JtlSummary window = JtlSummary.read(jtl, from, to);
        long mid = from + (to - from) / 2;
        double firstHalf = JtlSummary.read(jtl, from, mid).samples();
        double secondHalf = window.samples() - firstHalf;
        RunJson run = new ObjectMapper().readValue(runDir.resolve(RunFolder.RUN_JSON).toFile(),
                RunJson.class);
        Long heap = run.memory() == null ? null : run.memory().heapUsedAfterGcBytes();
        List<long[]> readings = run.appCpuDuringLoad() == null ? List.of() : run.appCpuDuringLoad();
        double cpuMs = cpuAt(readings, to) - cpuAt(readings, from);
        return new Sample(mode, round, window.samples() * 1000.0 / (to - from), window.p99Ms(),
                window.samples() == 0 ? Double.NaN : cpuMs / window.samples(),
                firstHalf == 0 ? Double.NaN : secondHalf / firstHalf, window.errors(),
                heap != null ? heap.doubleValue() : Double.NaN, agentShare.applyAsDouble(from, to));
    }

    /**
     * The agent's share of the app's CPU samples between the epoch milliseconds, from the analysis' {@code agent-cpu}
     * (a process, as every use of the analysis here); NaN without async-profiler or samples.
     */
    static double agentCpuShare(Layout layout, Path runDir, long fromMs, long toMs) throws Exception {
        if (!Files.isRegularFile(runDir.resolve(RunFolder.ASYNC_PROFILER_PATH))) {
            return Double.NaN;
        }
        Path out = runDir.resolve("agent-cpu.json");
        int exit = new Analysis(layout).run(List.of("agent-cpu", runDir.toString(), "--from-ms",
                Long.toString(fromMs), "--to-ms", Long.toString(toMs)), out);
        if (exit != 0) {
            System.err.println("[bench] the agent's CPU share of " + runDir.getFileName()
                    + " could not be read (above); the column shows '-' for it");
            return Double.NaN;
        }
        return parseShare(Files.readString(out));
    }

    /** {@code agent_share} of the analysis' {@code agent-cpu} line; NaN for {@code null} (no samples). */
    static double parseShare(String json) throws java.io.IOException {
        AgentCpu cpu = new ObjectMapper().readValue(json, AgentCpu.class);
        return cpu == null || cpu.agentShare() == null ? Double.NaN : cpu.agentShare();
    }

    private static String share(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    /** The app's CPU ms at {@code t}, interpolated between the once-a-second readings. */
    static double cpuAt(List<long[]> readings, long t) {
        double prevT = Double.NaN, prevCpu = Double.NaN;
        for (long[] r : readings) {
            double rt = r[0], cpu = r[1];
            if (rt >= t) {
                return Double.isNaN(prevT) || rt == prevT
                        ? cpu
                        : prevCpu + (cpu - prevCpu) * (t - prevT) / (rt - prevT);
            }
            prevT = rt;
            prevCpu = cpu;
        }
        return prevCpu;
    }

    static String table(List<Mode> modes, List<Sample> samples) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%nagent overhead: %d rounds, order rotated each round;"
                + " ratios are against no agent in the same round, median [min-max]%n",
                samples.stream().mapToInt(Sample::round).max().orElse(0)));
        b.append(String.format(Locale.ROOT, "%-11s %9s %7s %22s %22s %10s %22s %10s %9s%n", "mode", "req/s",
                "p99 ms",
                "throughput ratio", "p99 ratio", "CPU ms/req", "CPU/request ratio", "heap MB", "agent CPU"));
        for (Mode m : modes) {
            List<Sample> mine = samples.stream().filter(s -> s.mode().equals(m.name())).toList();
            double[] tRatio = new double[mine.size()], pRatio = new double[mine.size()],
                    cRatio = new double[mine.size()];
            for (int i = 0; i < mine.size(); i++) {
                Sample s = mine.get(i);
                Sample base = samples.stream()
                        .filter(x -> x.mode().equals("none") && x.round() == s.round())
                        .findFirst()
                        .orElseThrow();
                tRatio[i] = s.throughput() / base.throughput();
                pRatio[i] = s.p99Ms() / Math.max(1, base.p99Ms());
                cRatio[i] = s.cpuMsPerRequest() / base.cpuMsPerRequest();
            }
            double[] agent = mine.stream().mapToDouble(Sample::agentCpuShare).filter(v -> !Double.isNaN(v))
                    .toArray();
            b.append(String.format(Locale.ROOT, "%-11s %9.1f %7.0f %22s %22s %10.3f %22s %10.1f %9s%n",
                    m.name(),
                    median(mine.stream().mapToDouble(Sample::throughput).toArray()),
                    median(mine.stream().mapToDouble(Sample::p99Ms).toArray()), spread(tRatio),
                    spread(pRatio),
                    median(mine.stream().mapToDouble(Sample::cpuMsPerRequest).toArray()), spread(cRatio),
                    median(mine.stream().mapToDouble(Sample::heapAfterGcBytes).toArray()) / 1e6,
                    agent.length == 0 ? "-" : share(median(agent))));
        }
        b.append("targets: throughput ratio >= 0.99 (jfr), >= 0.97 (full); p99 ratio <= 1.05;"
                + " heap <= +32 MB over none\n");
        b.append(
                "agent CPU: the agent's share of the app's CPU samples in the window, median (async-profiler's"
                        + " CPU timer; a lower bound; '-' without async-profiler)\n");
        List<Sample> drifting = samples.stream()
                .filter(s -> !(Math.abs(s.drift() - 1) <= 0.05))
                .toList();
        if (!drifting.isEmpty()) {
            b.append(
                    "WARNING: not steady: throughput moved more than 5% between the halves of the measured window in ")
                    .append(drifting.stream()
                            .map(s -> String.format(Locale.ROOT, "round %d %s (x%.2f)", s.round(), s.mode(),
                                    s.drift()))
                            .toList())
                    .append("; a longer --settle may help\n");
        }
        long errors = samples.stream().mapToLong(Sample::errors).sum();
        if (errors > 0) {
            b.append("WARNING: ").append(errors).append(" failed requests in the measured windows\n");
        }
        return b.toString();
    }

    private static String spread(double[] v) {
        if (v.length == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.3f [%.3f-%.3f]", median(v), min(v), max(v));
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }
}
