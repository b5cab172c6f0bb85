package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Faults a user meets, end to end with the real app, agent, JMeter and analysis: what is kept, what is said, and
 * that nothing is left running. Each case loads for seconds (docs/lab/reliability.md lists them).
 */
class FaultsIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Pattern WATCHDOG = Pattern
            .compile("watchdog pid \\d+ stops PostgreSQL \\(pid (\\d+)\\) and Redis \\(pid (\\d+)\\)");

    @TempDir
    Path work;

    @Test
    void appKilledMidLoadKeepsTheRequestsServedBeforeAndLeavesNothingRunning() throws Exception {
        Path dir = work.resolve("killed-app");
        Process exit = Launcher.start(Map.of(), work.resolve("killed-app.log"), "run",
                "--pool-size", "2", "--tx-work-ms", "20", "--plan", "vu500", "--vus", "20", "--duration",
                "40s",
                "--warmup", "2s", "--no-dashboard", "--out", dir.toString());
        awaitLoad(dir, exit);
        // JFR flushes its chunk to disk about once a second: give the load a few flushes before the kill.
        Thread.sleep(5_000);
        ProcessHandle app = descendant("poolscope-app");
        long[] backends = backends(dir);
        app.destroyForcibly(); // SIGKILL: no shutdown hook, JFR never writes recording.jfr
        assertThat(exit.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(exit.exitValue()).as("a run whose app died fails").isNotZero();
        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        assertThat(summary.path("requests").asLong()).as("requests served before the kill").isPositive();
        assertThat(summary.path("recording").path("partial").asBoolean()).isTrue();
        assertThat(summary.path("primary_cause").isNull()).isFalse();
        assertThat(summary.path("notes").toString()).contains("the recording is partial",
                "the recording ends at");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("the recording is partial");
        JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
        assertThat(run.path("appDied").asBoolean()).isTrue();
        awaitDead(backends, 20);
    }

    /**
     * Two faults of one run, one after the other: Redis killed mid-load (the reads go to PostgreSQL, the report counts
     * the Redis errors), then JMeter killed (its rows are kept and the run is analysed). A JMeter kill ends the load
     * at once, so it rides on the Redis run instead of costing an app start of its own; neither fault changes what the
     * other's checks read.
     */
    @Test
    void redisThenJMeterKilledMidLoadKeepTheRowsAndTheReportCountsTheRedisErrors() throws Exception {
        Path dir = work.resolve("killed-redis-then-jmeter");
        Process exit = Launcher.start(Map.of(), work.resolve("killed-redis-then-jmeter.log"), "run",
                "--plan", "vu500", "--vus", "10", "--duration", "40s", "--warmup", "2s", "--no-dashboard",
                "--out", dir.toString());
        awaitLoad(dir, exit);
        ProcessHandle.of(backends(dir)[1]).orElseThrow().destroyForcibly();
        // Reads after the kill meet the dead Redis: a few seconds of them, and rows served meanwhile, before JMeter
        // is killed too (the load would go on for 40 s).
        long rows = lines(dir.resolve("jmeter/results.jtl"));
        Thread.sleep(3_000);
        await(() -> lines(dir.resolve("jmeter/results.jtl")) > rows + 100 || !exit.isAlive(), 60);
        assertThat(exit.isAlive()).as("the run is still loading after the Redis kill").isTrue();
        descendant("ApacheJMeter").destroyForcibly();
        assertFinishes(exit, 0);
        JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
        assertThat(run.path("jmeterExitCode").asInt()).isNotZero();
        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        System.out.println("killed-redis-then-jmeter: " + summary.path("server_failures") + " error_rate "
                + summary.path("error_rate") + " requests " + summary.path("requests") + " primary "
                + summary.path("primary_cause") + " "
                + summary.path("cause_chain_sentence"));
        assertThat(summary.path("client_samples").asLong()).isPositive();
        assertThat(summary.path("join").path("matched").asLong()).isPositive();
        assertThat(summary.path("server_failures").path("redis").asLong()).isPositive();
        assertThat(summary.path("requests").asLong()).isPositive();
    }

    @Test
    void postgresKilledMidLoadGives503sWithinTheConnectionTimeout() throws Exception {
        Path dir = work.resolve("killed-postgres");
        Process exit = Launcher.start(Map.of(), work.resolve("killed-postgres.log"), "run",
                "--connection-timeout", "2000", "--plan", "vu500", "--vus", "10", "--duration", "8s",
                "--warmup", "2s", "--no-dashboard", "--out", dir.toString());
        awaitLoad(dir, exit);
        ProcessHandle.of(backends(dir)[0]).orElseThrow().destroyForcibly();
        assertFinishes(exit, 0);
        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        System.out.println("killed-postgres: " + summary.path("server_failures") + " error_rate "
                + summary.path("error_rate") + " server " + summary.path("server_ms") + " threads "
                + summary.path("live_threads_max") + " primary " + summary.path("primary_cause") + " "
                + summary.path("cause_chain_sentence"));
        assertThat(summary.path("server_failures").path("http_5xx").asLong()).isPositive();
        assertThat(summary.path("primary_cause").asText()).as("not pool starvation: the database was gone")
                .isEqualTo("database-unreachable");
        assertThat(summary.path("live_threads_max").asDouble()).as("no thread pile-up").isLessThan(400);
        JsonNode phases = JSON.readTree(dir.resolve("run.json").toFile()).path("phases");
        System.out.println("killed-postgres phases: " + phases);
        assertThat(summary.path("server_ms").path("max").asDouble()).as("503s within the connection timeout")
                .isLessThan(2000 + 3000);
    }

    @Test
    void launcherKilledTakesTheAppJMeterAndTheBackendsWithIt() throws Exception {
        Path dir = work.resolve("killed-launcher");
        // The script execs the launcher's JVM: this process is that JVM.
        Process launcher = Launcher.start(Map.of(), work.resolve("killed-launcher.log"), "run", "--plan",
                "vu500",
                "--vus", "10", "--duration", "60s", "--warmup", "2s", "--no-dashboard", "--no-analyze",
                "--out",
                dir.toString());
        try {
            await(() -> lines(dir.resolve("jmeter/results.jtl")) > 20 || !launcher.isAlive(), 180);
            assertThat(launcher.isAlive()).isTrue();
            List<Long> pids = new ArrayList<>(launcher.descendants().map(ProcessHandle::pid).toList());
            long[] backends = backends(dir);
            pids.add(backends[0]);
            pids.add(backends[1]);
            Path data = postgresData(dir);
            assertThat(data).isDirectory();
            launcher.destroyForcibly(); // kill -9 of the launcher JVM: its shutdown hook never runs
            awaitDead(pids.stream().mapToLong(Long::longValue).toArray(), 60);
            // The app's PostgreSQL data goes too (the app's clean stop or its watchdog deletes it).
            await(() -> !Files.exists(data), 30);
            assertThat(data).as("PostgreSQL's data directory after the launcher was killed").doesNotExist();
        } finally {
            launcher.destroyForcibly();
        }
    }

    /** Waits until JMeter has written a few rows (the load runs), failing early if the run ended. */
    private static void awaitLoad(Path dir, Process run) throws Exception {
        await(() -> lines(dir.resolve("jmeter/results.jtl")) > 40 || !run.isAlive(), 180);
        assertThat(run.isAlive()).as("the run is still loading").isTrue();
    }

    private static void assertFinishes(Process run, int exit) throws InterruptedException {
        assertThat(run.waitFor(3, TimeUnit.MINUTES)).as("the run ends").isTrue();
        assertThat(run.exitValue()).isEqualTo(exit);
    }

    private static ProcessHandle descendant(String commandPart) {
        return ProcessHandle.current().descendants()
                .filter(h -> h.info().commandLine().orElse("").contains(commandPart)).findFirst()
                .orElseThrow(() -> new AssertionError("no child process running " + commandPart));
    }

    /** The embedded PostgreSQL and Redis pids, from the app's watchdog line in app.log. */
    private static long[] backends(Path dir) throws IOException {
        Matcher m = WATCHDOG.matcher(Files.readString(dir.resolve("app.log")));
        assertThat(m.find()).as("app.log names the watchdog's PostgreSQL and Redis").isTrue();
        return new long[]{Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }

    /** The embedded PostgreSQL's data directory, from the same line. */
    private static Path postgresData(Path dir) throws IOException {
        Matcher m = Pattern.compile("deletes PostgreSQL's data \\((.+)\\)")
                .matcher(Files.readString(dir.resolve("app.log")));
        assertThat(m.find()).as("app.log names PostgreSQL's data directory").isTrue();
        return Path.of(m.group(1));
    }

    private static void awaitDead(long[] pids, int seconds) throws InterruptedException {
        await(() -> java.util.Arrays.stream(pids).noneMatch(FaultsIT::alive), seconds);
        for (long pid : pids) {
            assertThat(alive(pid)).as("pid %d (%s) stopped", pid,
                    ProcessHandle.of(pid).flatMap(h -> h.info().commandLine()).orElse("?")).isFalse();
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static long lines(Path file) {
        try (var s = Files.lines(file)) {
            return s.count();
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0;
        }
    }

    private static void await(BooleanSupplier condition, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
    }
}
