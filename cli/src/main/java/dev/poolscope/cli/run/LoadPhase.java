package dev.poolscope.cli.run;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.AppGroup;
import dev.poolscope.cli.process.Children;
import dev.poolscope.cli.process.JMeter;
import dev.poolscope.cli.process.Layout;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A run's plan through the real JMeter against the running app, watched: the app's CPU read once a second, progress
 * every 10 s, JMeter stopped when the app dies or the plan runs far past its length.
 */
final class LoadPhase {
    private final Layout layout;
    private final RunExecutor.Progress progress;

    LoadPhase(Layout layout, RunExecutor.Progress progress) {
        this.layout = layout;
        this.progress = progress;
    }

    /**
     * Runs the plan for {@code seconds}; meanwhile, once a second, appends {@code [epoch ms, the app JVM's CPU ms]}
     * to {@code appCpu}, so the cost of a request can be read for any window of the load.
     */
    int run(String phase, Path plan, Path out, int port, Map<String, String> props, int seconds,
            boolean dashboard, AppGroup app, List<long[]> appCpu) throws IOException, InterruptedException {
        List<Long> appPid = app.pids();
        Process p = JMeter.start(layout, plan, out, port, seconds, props, dashboard);
        long started = System.nanoTime();
        // The plan's own duration plus room for ramp-up, slow last responses and the dashboard; a plan that hangs is stopped.
        long limitS = seconds + 300L;
        long lastReport = started;
        sampleCpu(appPid, appCpu);
        while (!p.waitFor(1, TimeUnit.SECONDS)) {
            sampleCpu(appPid, appCpu);
            if (!app.alive()) {
                // Load against a dead app only adds connection errors to the results.
                progress.phase(phase, "the app died; stopping JMeter");
                Children.stop(p, Duration.ofSeconds(10));
                break;
            }
            if (System.nanoTime() - lastReport < 10_000_000_000L) {
                continue;
            }
            lastReport = System.nanoTime();
            long elapsed = (System.nanoTime() - started) / 1_000_000_000L;
            long left = Math.max(0, seconds - elapsed);
            progress.phase(phase, elapsed + " s elapsed, "
                    + (left > 0
                            ? "~" + left + " s left"
                            : dashboard ? "finishing (results, dashboard)" : "finishing"));
            if (elapsed > limitS) {
                Children.stop(p, Duration.ofSeconds(10));
                throw new UserError("JMeter did not finish within " + limitS + " s; stopped it. See "
                        + out.resolve("jmeter.out"));
            }
        }
        sampleCpu(appPid, appCpu);
        return p.isAlive() ? -1 : p.exitValue();
    }

    /** The CPU of the app's JVMs, summed over its instances. */
    private static void sampleCpu(List<Long> pids, List<long[]> samples) {
        long sum = 0;
        for (long pid : pids) {
            var cpu = ProcessHandle.of(pid).flatMap(h -> h.info().totalCpuDuration());
            if (cpu.isEmpty()) {
                return;
            }
            sum += cpu.get().toMillis();
        }
        samples.add(new long[]{System.currentTimeMillis(), sum});
    }
}
