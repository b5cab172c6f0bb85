package dev.poolscope.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "The same plan at several worker-thread counts, everything else identical, then a comparison.",
        "Writes OUT/threads-N/ (one run each), OUT/sweep.json, OUT/compare.html and OUT/compare.json."})
final class SweepCommand implements Callable<Integer> {

    @Option(names = "--threads", paramLabel = "N,N,...", split = ",", defaultValue = "8,16,32,64,200", description = "worker-thread counts to run (default: ${DEFAULT-VALUE})")
    List<Integer> threads;

    @Mixin
    AppOptions app = new AppOptions();

    @Mixin
    LoadOptions load = new LoadOptions();

    @Option(names = "--out", paramLabel = "DIR", description = "sweep folder (default: runs/sweep-TIMESTAMP)")
    Path out;

    @Override
    public Integer call() throws Exception {
        for (int t : threads) {
            if (t < 1 || t > 10_000) {
                throw new UserError("--threads values must be between 1 and 10000, got " + t);
            }
        }
        Layout layout = Layout.detect();
        Path dir = (out != null ? out : layout.home().resolve("runs").resolve("sweep-" + RunCommand.stamp()))
                .toAbsolutePath();
        RunExecutor.requireEmpty(dir);
        int duration = load.durationSeconds();
        int warmup = load.warmupSeconds();
        Map<String, Object> sweep = new LinkedHashMap<>();
        sweep.put("knob", "threads");
        sweep.put("values", threads);
        sweep.put("plan", load.plan);
        sweep.put("appArgs", app.args());
        sweep.put("jmeterProps", load.props());
        List<Map<String, Object>> runs = new ArrayList<>();
        sweep.put("runs", runs);
        List<Path> finished = new ArrayList<>();
        long sweepStart = System.nanoTime();
        for (int i = 0; i < threads.size(); i++) {
            int n = threads.get(i);
            String label = "[sweep " + (i + 1) + "/" + threads.size() + " threads=" + n + "]";
            Path runDir = dir.resolve(String.format("threads-%04d", n));
            long left = estimateLeft(sweepStart, i, threads.size(), duration + warmup);
            System.err.println(label + " starting; about " + left + " s left in the sweep");
            List<String> appArgs = new ArrayList<>(app.args());
            appArgs.add("--threads=" + n);
            RunSpec spec = new RunSpec(appArgs, load.plan, load.props(), warmup, load.primeCache, duration,
                    !load.noAgent,
                    load.agentOptions,
                    load.dashboard != null && load.dashboard, !load.noAnalyze, runDir);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("threads", n);
            entry.put("dir", runDir.toString());
            try {
                RunExecutor.Outcome o = new RunExecutor(layout,
                        (phase, detail) -> System.err.println(label + " " + phase + ": " + detail))
                        .execute(spec);
                entry.put("status", o.analysisExit() > 0 ? "analysis-failed" : "ok");
                entry.put("samples", o.jtl().samples());
                entry.put("errorRate", o.jtl().errorRate());
                finished.add(runDir);
            } catch (java.io.IOException | RuntimeException e) {
                System.err.println(label + " FAILED: " + e.getMessage() + " (the sweep goes on)");
                entry.put("status", "failed");
                entry.put("error", e.getMessage());
            }
            runs.add(entry);
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValue(dir.resolve("sweep.json").toFile(), sweep);
        }
        System.err.printf("[sweep] %d of %d settings finished in %d s%n", finished.size(), threads.size(),
                (System.nanoTime() - sweepStart) / 1_000_000_000L);
        if (finished.isEmpty()) {
            System.err.println("poolscope: every setting failed; nothing to compare");
            return 1;
        }
        if (load.noAnalyze) {
            return 0;
        }
        List<String> command = new ArrayList<>(List.of(Layout.javaBin(), "-jar",
                layout.analysisJar().toString(), "compare", "--out", dir.toString()));
        finished.forEach(p -> command.add(p.toString()));
        int exit = Children.track(new ProcessBuilder(command).inheritIO().start()).waitFor();
        if (exit != 0) {
            System.err.println("poolscope: the comparison failed (exit " + exit + ")");
            return 1;
        }
        System.out.println(dir.resolve("compare.html"));
        return finished.size() == threads.size() ? 0 : 1;
    }

    private static long estimateLeft(long sweepStart, int done, int total, int perRunLoadSeconds) {
        if (done == 0) {
            // start-up, warm-up, load, stop and analysis: measured ~30 s above the load on 2 cores
            return (long) total * (perRunLoadSeconds + 30);
        }
        long elapsed = (System.nanoTime() - sweepStart) / 1_000_000_000L;
        return elapsed / done * (total - done);
    }
}
