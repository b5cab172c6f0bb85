package dev.poolscope.cli.bench;

import dev.poolscope.cli.Durations;
import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Layout;
import dev.poolscope.cli.run.AppOptions;
import dev.poolscope.cli.run.RunCommand;
import dev.poolscope.cli.run.RunExecutor;
import dev.poolscope.cli.run.RunSpec;

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
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The agent's cost: the same plan against the same app with no agent, with JFR only, and with JFR plus
 * async-profiler ({@link OverheadMode}), alternated round by round (the order rotates) so drift on a shared machine
 * hits every mode alike. Each run loads the app for {@code --settle} (discarded: the client's and the server's JIT,
 * the pools) and then measures {@code --duration} ({@link OverheadSample}). Prints, per mode, throughput, p99 and the
 * app JVM's CPU per request against no agent in the same round, with their spread, and heap after GC
 * ({@link OverheadTable}).
 */
@Command(name = "overhead", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "A/B/C runs: no agent, JFR only, JFR + async-profiler, alternated.",
        "Prints throughput, p99 and CPU-per-request ratios with their spread, and heap after GC;"
                + " writes them all to OUT/bench.json."})
final class OverheadBench implements Callable<Integer> {

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
        List<OverheadMode> all = OverheadMode.all(modes, jvmModes);
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
        List<OverheadSample> samples = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < all.size(); k++) {
                OverheadMode mode = all.get((k + r) % all.size());
                Path runDir = dir.resolve("round-" + (r + 1) + "-" + mode.name());
                String label = "[bench " + (r + 1) + "/" + rounds + " " + mode.name() + "]";
                RunSpec spec = new RunSpec(appArgs, plan, Map.of("vus", Integer.toString(vus)),
                        Durations.seconds(warmup, "--warmup"), true, settleS + measureS, mode.agent(),
                        mode.options(), false, false, runDir).withJvmOptions(mode.jvmOptions());
                new RunExecutor(layout,
                        (phase, detail) -> System.err.println(label + " " + phase + ": " + detail))
                        .execute(spec);
                OverheadSample s = OverheadSample.measure(mode.name(), r + 1, runDir, settleS, measureS,
                        (from, to) -> OverheadSample.agentCpuShare(layout, runDir, from, to));
                samples.add(s);
                // After every run, so a bench stopped half-way keeps what it measured.
                writeJson(dir, all, samples, appArgs, settleS, measureS);
                System.err.printf(Locale.ROOT,
                        "%s measured: %.1f req/s, p99 %.0f ms, %.3f CPU ms/request, agent %s of the app's CPU%n",
                        label, s.throughput(), s.p99Ms(), s.cpuMsPerRequest(),
                        OverheadTable.share(s.agentCpuShare()));
            }
        }

        System.out.print(OverheadTable.of(all, samples));
        System.out.println("raw numbers: " + dir.resolve("bench.json"));
        return 0;
    }

    private void writeJson(Path dir, List<OverheadMode> all, List<OverheadSample> samples,
            List<String> appArgs, int settleS,
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

}
