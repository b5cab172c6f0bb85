package dev.poolscope.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.jmeter.JtlSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The agent's cost: the same plan against the same app with no agent, with JFR only, and with JFR plus
 * async-profiler, alternated round by round (the order rotates) so drift on a shared machine hits every
 * mode alike. Prints each mode's throughput and p99 against no agent, with the spread over rounds.
 */
@Command(name = "overhead", mixinStandardHelpOptions = true, sortOptions = false, description = "A/B/C runs: no agent, JFR only, JFR + async-profiler. Prints throughput and p99 ratios with their spread, and heap after GC.")
final class OverheadBench implements Callable<Integer> {

    enum Mode {
        none(false, null), jfr(true, "asprof=false,console=false"), full(true, "console=false");

        final boolean agent;
        final String options;

        Mode(boolean agent, String options) {
            this.agent = agent;
            this.options = options;
        }
    }

    @Option(names = "--rounds", defaultValue = "3", description = "rounds; each runs every mode once (default: ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--plan", defaultValue = "vu500", description = "plan (default: ${DEFAULT-VALUE})")
    String plan;

    @Option(names = "--vus", defaultValue = "50", description = "virtual users (default: ${DEFAULT-VALUE})")
    int vus;

    @Option(names = "--duration", defaultValue = "30s", description = "measured load per run (default: ${DEFAULT-VALUE})")
    String duration;

    @Option(names = "--warmup", defaultValue = "10s", description = "warm-up per run (default: ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--threads", description = "worker threads (default: the app's, 200)")
    Integer threads;

    @Option(names = "--out", description = "folder for the runs (default: runs/bench-overhead-TIMESTAMP)")
    Path out;

    @Mixin
    AppOptions app = new AppOptions();

    @Override
    public Integer call() throws Exception {
        if (rounds < 1) {
            throw new UserError("--rounds must be at least 1");
        }
        Layout layout = Layout.detect();
        Path dir = (out != null
                ? out
                : layout.home().resolve("runs").resolve("bench-overhead-" + RunCommand.stamp()))
                .toAbsolutePath();
        Files.createDirectories(dir);
        List<String> appArgs = new ArrayList<>(app.args());
        if (threads != null) {
            appArgs.add("--threads=" + threads);
        }
        Map<Mode, List<double[]>> results = new LinkedHashMap<>();
        for (Mode m : Mode.values()) {
            results.put(m, new ArrayList<>());
        }
        Mode[] modes = Mode.values();
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < modes.length; k++) {
                Mode mode = modes[(k + r) % modes.length];
                Path runDir = dir.resolve("round-" + (r + 1) + "-" + mode);
                String label = "[bench " + (r + 1) + "/" + rounds + " " + mode + "]";
                RunSpec spec = new RunSpec(appArgs, plan, Map.of("vus", Integer.toString(vus)),
                        Durations.seconds(warmup, "--warmup"),
                        Durations.seconds(duration, "--duration"), mode.agent, mode.options, false, false,
                        runDir);
                new RunExecutor(layout, (phase, detail) -> {
                    if (!phase.equals("load") || !detail.contains("elapsed")) {
                        System.err.println(label + " " + phase + ": " + detail);
                    }
                }).execute(spec);
                JtlSummary stats = JtlSummary.read(runDir.resolve("jmeter/results.jtl"));
                JsonNode heap = new ObjectMapper().readTree(runDir.resolve("run.json").toFile())
                        .path("memory").path("heapUsedAfterGcBytes");
                results.get(mode).add(new double[]{stats.throughputPerSecond(), stats.p99Ms(),
                        heap.isNumber() ? heap.asDouble() : Double.NaN});
            }
        }
        print(results);
        return 0;
    }

    private void print(Map<Mode, List<double[]>> results) {
        List<double[]> base = results.get(Mode.none);
        System.out.printf(Locale.ROOT,
                "%nagent overhead: plan %s, %d VUs, %s per run, %d rounds (order rotated each round)%n", plan,
                vus, duration, rounds);
        System.out.printf(Locale.ROOT, "%-6s %12s %10s %26s %24s %14s%n", "mode", "req/s (med)", "p99 ms",
                "throughput ratio med [min-max]",
                "p99 ratio med [min-max]", "heap after GC");
        for (Map.Entry<Mode, List<double[]>> e : results.entrySet()) {
            List<double[]> runs = e.getValue();
            double[] tput = new double[runs.size()];
            double[] p99 = new double[runs.size()];
            double[] tRatio = new double[runs.size()];
            double[] pRatio = new double[runs.size()];
            double[] heap = new double[runs.size()];
            for (int i = 0; i < runs.size(); i++) {
                tput[i] = runs.get(i)[0];
                p99[i] = runs.get(i)[1];
                heap[i] = runs.get(i)[2];
                tRatio[i] = runs.get(i)[0] / base.get(i)[0];
                pRatio[i] = runs.get(i)[1] / Math.max(1, base.get(i)[1]);
            }
            System.out.printf(Locale.ROOT,
                    "%-6s %12.1f %10.0f %14.3f [%.3f-%.3f] %12.3f [%.3f-%.3f] %11.1f MB%n", e.getKey(),
                    median(tput), median(p99),
                    median(tRatio), min(tRatio), max(tRatio), median(pRatio), min(pRatio), max(pRatio),
                    median(heap) / 1e6);
        }
        System.out.println(
                "targets: throughput ratio >= 0.99 (jfr), >= 0.97 (full); p99 ratio <= 1.05; heap <= +32 MB over none");
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
