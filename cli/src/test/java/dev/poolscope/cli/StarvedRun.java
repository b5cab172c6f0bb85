package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * One pool-starved run of the real lab app, agent, PostgreSQL, Redis and JMeter, made once per failsafe JVM and read by
 * the ITs that only read a run: EndToEndIT's pipeline checks (diagnosis, report, dashboard, agent cost, the benches)
 * and SteadyStateIT's start-up transient and its cuts. Each of them used to make its own run of the same shop; one run
 * saves an app start, a warm-up and a load (about 40 s on the 2-core machine).
 * <p>
 * The shop: 2 connections, 40 users checking out, each hold a 20-ms {@code pg_sleep}; its Redis stalled (
 * {@link RedisStaller}) for the first 9 s of 30 s of load. The verdict rests on the steady part, so the stall does not
 * change what EndToEndIT checks (database-slow explains pool-starvation), and 30 s leave SteadyStateIT's detector a
 * steady part of at least half the load after a transient of up to 16 s. The catalogue is primed (--prime-cache) so the
 * product reads of the steady part hit Redis, and JMeter writes its dashboard.
 * <p>
 * A failed run is not made again: every reader fails with the first failure.
 */
final class StarvedRun {
    static final Path DIR = Path.of("target/it-runs/starved").toAbsolutePath();
    static final int LOAD_SECONDS = 30;
    static final int STALL_SECONDS = 9;

    private static Launcher.Result result;
    private static Throwable failure;

    private StarvedRun() {
    }

    /** The run's folder, made on the first call; the launcher's output in {@link #result()}. */
    static synchronized Path dir() throws Exception {
        if (result == null && failure == null) {
            try {
                result = make();
            } catch (Exception | AssertionError e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw new AssertionError("the shared starved run failed", failure);
        }
        return DIR;
    }

    /** What {@code ./poolscope run} printed and returned. */
    static synchronized Launcher.Result result() throws Exception {
        dir();
        return result;
    }

    private static Launcher.Result make() throws Exception {
        deleteTree(DIR);
        Files.createDirectories(DIR.getParent());
        RedisStaller staller = RedisStaller.atLoadStart(DIR, STALL_SECONDS);
        Launcher.Result r = Launcher.run("run", "--threads", "200", "--pool-size", "2", "--tx-work-ms", "20",
                "--plan", "vu500", "--vus", "40", "--jmeter-prop", "checkoutPercent=100", "--duration",
                LOAD_SECONDS + "s", "--warmup", "3s", "--prime-cache", "--out", DIR.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(staller.stalls()).as("the staller reached the app's Redis").isPositive();
        return r;
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var paths = Files.walk(p)) {
            for (Path q : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
