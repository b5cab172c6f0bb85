package dev.poolscope.cli;

import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The whole pipeline for real: the lab app on embedded PostgreSQL and Redis with the real agent attached,
 * the real JMeter, a clean stop, the real analysis. Short, bounded runs (seconds, tens of users).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EndToEndIT {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path work;

    @BeforeAll
    static void home() {
        assertThat(System.getProperty("poolscope.home")).as("failsafe sets poolscope.home").isNotBlank();
    }

    @Test
    @Order(1)
    void aStarvedPoolIsTracedToTheStatementsThatHoldIt() throws Exception {
        // The shared starved run (2 connections, 40 users checking out, 30 s), its Redis stalled for its first 9 s
        // for SteadyStateIT, which reads it too: the verdict rests on the steady part after that transient.
        Path dir = StarvedRun.dir();
        Launcher.Result r = StarvedRun.result();
        assertThat(r.out()).endsWith(dir.resolve("report.html") + "\n");
        assertThat(r.err()).contains("[run] analyse: " + dir + " (heap " + Analysis.heap() + ")");
        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        // Each hold is a 20-ms pg_sleep: the statements are most of every hold, so they are the root of the pool's
        // starvation; whether a bigger pool helps too depends on the concurrency levels the run happened to reach.
        assertThat(summary.path("primary_cause").asText()).as(summary.path("diagnosis").toString())
                .isEqualTo("database-slow");
        assertThat(summary.path("cause_chain").toString()).contains(
                "{\"rule\":\"database-slow\",\"explains\":\"pool-starvation\"");
        assertThat(summary.path("recommendation").asText()).startsWith(
                "No thread-count change: make `select ? from pg_sleep(?)` cheaper");
        assertThat(summary.path("pool_wait_ms").path("p50").asDouble()).isPositive();
        // Counts are whole numbers in the file, as the launcher wrote the run's settings: 2 connections.
        assertThat(summary.path("pool_size").isIntegralNumber()).as(summary.path("pool_size").toString())
                .isTrue();
        assertThat(summary.path("pool_size").asInt()).isEqualTo(2);
        assertThat(summary.path("live_threads_max").isIntegralNumber()).isTrue();
        assertThat(summary.path("error_rate").asDouble()).isLessThan(0.01);
        assertThat(summary.path("join").path("matched").asLong()).isPositive();
        // What the agent cost, from async-profiler's CPU samples of the window: some, and far from all of them.
        JsonNode agentCpu = summary.path("agent_cpu");
        assertThat(agentCpu.path("cpu_samples").asLong()).as(agentCpu.toString()).isPositive();
        assertThat(agentCpu.path("agent_share").asDouble()).as(agentCpu.toString()).isPositive()
                .isLessThan(0.5);
        assertThat(agentCpu.path("share_by_part").path("host").asDouble()).as(agentCpu.toString())
                .isGreaterThan(agentCpu.path("agent_share").asDouble());
        String report = Files.readString(dir.resolve("report.html"));
        assertThat(report).contains("The agent&#39;s own work was ");
        for (String section : new String[]{"summary", "diagnosis", "xlog", "steps", "gaps", "client-server",
                "threads", "flames", "agent-cost"}) {
            assertThat(report).contains("<section id=\"" + section + "\"");
        }
        assertThat(report).contains("<svg");
        // The step profiles show the checkout transaction's statements as steps of their own, with the text.
        assertThat(report).contains("SQL statement", "select ? from pg_sleep(?)");
        assertThat(dir.resolve("flame-cpu.html")).isNotEmptyFile();
        assertThat(dir.resolve("jmeter/dashboard/index.html")).isNotEmptyFile();
        JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
        assertThat(run.path("app").path("poolSize").asText()).isEqualTo("2");
        // --prime-cache read the whole catalogue before the warm-up.
        assertThat(run.path("warmupProductsPrimed").asLong()).isEqualTo(10_000);
        // The overhead bench reads the same share, over the same load phase, through the analysis' agent-cpu.
        Path share = dir.resolve("agent-cpu.json");
        assertThat(
                new Analysis(Layout.detect()).run(java.util.List.of("agent-cpu", dir.toString(), "--from-ms",
                        run.path("phases").path("loadStartMs").asText(), "--to-ms",
                        run.path("phases").path("loadEndMs").asText()), share))
                .isZero();
        double benchShare = JSON.readTree(share.toFile()).path("agent_share").asDouble();
        assertThat(benchShare).isCloseTo(agentCpu.path("agent_share").asDouble(),
                org.assertj.core.data.Offset.offset(0.002));
        assertThat(run.path("phases").path("loadEndMs").asLong())
                .isGreaterThan(run.path("phases").path("loadStartMs").asLong());
        // The benches of the analysis on a real run: both recordings, the .jtl beside them.
        Launcher.Result analysis = Launcher.run("bench", "analysis", dir.toString(), "--repeat", "1");
        assertThat(analysis.exit()).as(analysis.toString()).isZero();
        assertThat(analysis.out()).contains("recordings: agent/recording.jfr, agent/async-profiler.jfr (",
                "ratio analyze/bare: wall ", "ratio parser/bare: wall ");
        // poolscope's parser read every event of both recordings that the JDK's did.
        assertThat(analysis.out()).doesNotContain("events: the JDK's parser read");
        Launcher.Result flame = Launcher.run("bench", "flame", dir.toString(), "--repeat", "1");
        assertThat(flame.exit()).as(flame.toString()).isZero();
        assertThat(flame.out()).contains("poolscope flame: html + collapsed (one run)", "ratio ");
    }

    @Test
    @Order(2)
    void aPingOnlyRunOnVirtualThreadsIsHealthyAndItsCarriersAreMeasured() throws Exception {
        Path dir = work.resolve("ping");
        Launcher.Result r = Launcher.run("run", "--plan", "ping-1000", "--vus", "5", "--jmeter-prop",
                "loops=-1", "--jmeter-prop", "thinktime=20", "--virtual-threads",
                "--duration", "6s", "--warmup", "3s", "--no-dashboard", "--out", dir.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        assertThat(summary.path("primary_cause").asText()).as(summary.path("diagnosis").toString())
                .isEqualTo("healthy");
        assertThat(summary.path("error_rate").asDouble()).isZero();
        // The agent found the carriers the virtual threads ran on, and the analysis judged them: across the boundary.
        assertThat(summary.path("recommendation_kind").asText()).isEqualTo("virtual");
        assertThat(summary.path("worker_run_delay_share").isNull()).isTrue();
        assertThat(summary.path("carrier_run_delay_share").isNumber()).as(summary.toString()).isTrue();
        assertThat(summary.path("carrier_run_delay_share").asDouble()).isBetween(0.0, 1.0);
        assertThat(summary.path("carrier_waiting_share").asDouble()).isBetween(0.0, 1.0);
        JsonNode cpuRule = null;
        for (JsonNode d : summary.path("diagnosis")) {
            if (d.path("rule").asText().equals("cpu-oversubscription")) {
                cpuRule = d;
            }
        }
        assertThat(cpuRule).isNotNull();
        assertThat(cpuRule.path("score").isInt()).as(cpuRule.toString()).isTrue();
        assertThat(cpuRule.path("sentence").asText()).contains("carriers of the virtual threads");
        JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
        JsonNode cpu = run.path("appCpuDuringLoad");
        assertThat(cpu.size()).as("a CPU reading a second over 6 s of load").isGreaterThanOrEqualTo(5);
        assertThat(cpu.get(cpu.size() - 1).get(1).asLong()).as("the app's CPU ms grow")
                .isGreaterThan(cpu.get(0).get(1).asLong());
    }

    @Test
    @Order(3)
    void aTwoByTwoMatrixComparesEveryCellWithItsCauseAndStartup() throws Exception {
        Path dir = work.resolve("matrix");
        Launcher.Result r = Launcher.run("sweep", "--threads", "4,32", "--vary", "server=tomcat,undertow",
                "--pool-size", "4", "--plan", "vu500", "--vus", "16", "--duration", "3s", "--warmup", "1s",
                "--out",
                dir.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).endsWith(dir.resolve("compare.html") + "\n");
        JsonNode sweep = JSON.readTree(dir.resolve("sweep.json").toFile());
        assertThat(sweep.path("knobs").toString()).isEqualTo("[\"threads\",\"server\"]");
        assertThat(sweep.path("runs").findValuesAsText("name")).containsExactly("threads-0004_server-tomcat",
                "threads-0004_server-undertow", "threads-0032_server-tomcat", "threads-0032_server-undertow");
        assertThat(sweep.path("runs").findValuesAsText("status")).containsOnly("ok");
        JsonNode compare = JSON.readTree(dir.resolve("compare.json").toFile());
        assertThat(compare.path("knob").asText()).isEqualTo("threads × server");
        assertThat(compare.path("pivot").path("rows").toString()).isEqualTo("[\"threads\"]");
        assertThat(compare.path("pivot").path("cols").toString()).isEqualTo("[\"server\"]");
        JsonNode cells = compare.path("cells");
        assertThat(cells).hasSize(4);
        for (JsonNode c : cells) {
            assertThat(c.path("primary_cause").asText()).as(c.toString()).isNotBlank();
            assertThat(c.path("figures").path("throughput_rps").path("median").asDouble()).isPositive();
            // Start-up and footprint are measured from the recording: the JVM start to the first served request.
            assertThat(c.path("figures").path("startup_ms").path("median").asDouble()).isBetween(1_000.0,
                    180_000.0);
            assertThat(c.path("figures").path("idle_classes_loaded").path("median").asDouble())
                    .isGreaterThan(5_000);
            assertThat(c.path("figures").path("idle_live_threads").path("median").asDouble()).isPositive();
            assertThat(c.path("figures").path("idle_rss_bytes").path("median").asDouble())
                    .isGreaterThan(50e6);
            assertThat(c.path("figures").path("idle_heap_used_bytes").path("median").asDouble()).isPositive();
        }
        assertThat(cells.get(1).path("setting").toString())
                .isEqualTo("{\"threads\":4,\"server\":\"undertow\"}");
        JsonNode summary = JSON.readTree(dir.resolve("threads-0032_server-tomcat/summary.json").toFile());
        assertThat(summary.path("startup").path("idle_sampled_ms_before_first_request").asLong())
                .as("the idle samples were taken before the first request, at most a gauge period and the idle pause")
                .isBetween(0L, 2_600L);
        String html = Files.readString(dir.resolve("compare.html"));
        assertThat(html).contains("Figures by setting").contains("throughput (req/s)")
                .contains("startup: JVM start to first served request (ms)");
        assertThat(html.split("class=\"timeline\"", -1)).hasSize(5);
        assertThat(dir.resolve("threads-0004_server-undertow/report.html")).isNotEmptyFile();
    }

    /**
     * The lab app started without the agent serves a steady loop of requests; {@code attach} records a few seconds of
     * it and analyses, and a second attach meanwhile is refused. Every request before, during and after succeeds.
     */
    @Test
    @Order(4)
    void attachRecordsARunningAppThatKeepsServing() throws Exception {
        Path dir = work.resolve("attached");
        // A short cache TTL keeps the product reads reaching PostgreSQL while the agent records: with the default
        // 300 s every product is in Redis long before the attach, no connection is borrowed in the window, and an
        // attached agent meets a pool only when it is used.
        try (LabApp app = LabApp.start(Map.of(), work.resolve("attach-app.log"), "--lab.cache.ttl=1s")) {
            String url = app.url();
            SteadyLoad load = new SteadyLoad(url, 4);
            try {
                load.awaitSent(40);
                // The analysis heap, given, is the one the attach's analysis gets.
                Path attachLog = work.resolve("attach.log");
                Process attach = Launcher.start(Map.of("POOLSCOPE_ANALYSIS_XMX", "384m"), attachLog, "attach",
                        Long.toString(app.pid()), "--duration", "6s", "--out", dir.toString());
                long deadline = System.nanoTime() + 120_000_000_000L;
                while (JSON.readTree(readOr(dir.resolve("run.json"))).path("phases").path("loadStartMs")
                        .isMissingNode() && attach.isAlive() && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
                // In this JVM: a second launcher JVM can take longer to start here than the recording lasts.
                java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
                java.io.PrintStream err = System.err;
                int secondExit;
                System.setErr(
                        new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
                try {
                    secondExit = PoolscopeCli.execute("attach", Long.toString(app.pid()), "--duration", "2s",
                            "--out", work.resolve("attached-twice").toString());
                } finally {
                    System.setErr(err);
                }
                String said = captured.toString(java.nio.charset.StandardCharsets.UTF_8).lines()
                        .filter(l -> l.startsWith("poolscope:"))
                        .collect(java.util.stream.Collectors.joining("\n"));
                assertThat(attach.isAlive()).as("the first attach still records").isTrue();
                assertThat(secondExit).as(said).isEqualTo(1);
                assertThat(said).isEqualTo("poolscope: pid " + app.pid()
                        + " is already attached: the poolscope agent records to " + dir.resolve("agent")
                        + "; that recording goes on untouched");
                assertThat(attach.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
                assertThat(attach.exitValue()).as(Files.readString(attachLog)).isZero();
                assertThat(Files.readString(attachLog))
                        .contains("[attach] analyse: " + dir + " (heap -Xmx384m)")
                        .endsWith(dir.resolve("report.html") + "\n");
                long attachReturned = System.currentTimeMillis();
                load.awaitSentAfter(attachReturned, 40);
            } finally {
                load.close();
            }
            assertThat(app.alive()).isTrue();
            JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
            long attachMs = run.path("phases").path("attachMs").asLong();
            long startMs = run.path("phases").path("loadStartMs").asLong();
            long endMs = run.path("phases").path("loadEndMs").asLong();
            assertThat(load.failures()).as("requests that did not get a 200, before, during or after")
                    .isEmpty();
            assertThat(load.sentBetween(0, attachMs)).as("before").isPositive();
            assertThat(load.sentBetween(startMs, endMs)).as("during").isPositive();
            assertThat(load.sentBetween(endMs, Long.MAX_VALUE)).as("after").isGreaterThanOrEqualTo(40);
            JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
            // A request the server counts started in the window, so the client sent it after the attach began.
            assertThat(summary.path("requests").asLong()).isPositive()
                    .isLessThanOrEqualTo(load.sentBetween(attachMs, endMs));
            assertThat(summary.path("client_samples").asLong()).isZero();
            assertThat(summary.path("pool_wait_ms").path("count").asLong()).as("connection waits")
                    .isPositive();
            // Counts are per request, zeros included: a real borrow shows as a hold longer than zero.
            assertThat(summary.path("hold_ms").path("max").asDouble()).as("connection holds").isPositive();
            assertThat(summary.path("pool_size").asDouble())
                    .as("the pool built before the attach, found in %s",
                            Files.readString(dir.resolve("agent").resolve("metadata.json")))
                    .isEqualTo(10);
            assertThat(summary.path("worker_pool").path("max").asLong()).as("Tomcat's pool, found")
                    .isEqualTo(200);
            assertThat(summary.path("notes").toString()).contains("no client view");
            assertThat(summary.path("startup_ms").isNumber()).as("no start-up figure from an attach")
                    .isFalse();
            assertThat(Files.exists(work.resolve("attached-twice"))).isFalse();
        }
    }

    /**
     * A pool built before the attach and not borrowed from while the agent records is still found: HikariCP's
     * housekeeper (every 500 ms here instead of its 30 s) names it.
     */
    @Test
    @Order(5)
    void attachFindsAPoolNobodyBorrowsFrom() throws Exception {
        Path dir = work.resolve("attached-idle");
        // HikariCP's housekeeping period through the launcher's own variable for the app's JVM options.
        try (LabApp app = LabApp.start(
                Map.of("POOLSCOPE_APP_JVM_OPTS", "-Dcom.zaxxer.hikari.housekeeping.periodMs=500"),
                work.resolve("attach-idle-app.log"))) {
            String url = app.url();
            java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
            java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(
                    true);
            // Requests that never touch the database, so only the housekeeper can show the pool to the agent.
            Thread pings = Thread.ofPlatform().daemon().start(() -> {
                while (running.get()) {
                    try {
                        client.send(
                                java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + "/api/ping"))
                                        .build(),
                                java.net.http.HttpResponse.BodyHandlers.discarding());
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            Launcher.Result attached;
            try {
                attached = Launcher.run("attach", Long.toString(app.pid()), "--duration", "3s", "--out",
                        dir.toString());
            } finally {
                running.set(false);
                pings.join(10_000);
            }
            assertThat(attached.exit()).as(attached.toString()).isZero();
            JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
            assertThat(summary.path("hold_ms").path("max").asDouble()).as("no connection borrowed").isZero();
            assertThat(summary.path("pool_size").asDouble())
                    .as("the idle pool, found in %s",
                            Files.readString(dir.resolve("agent").resolve("metadata.json")))
                    .isEqualTo(10);
        }
    }

    /** {@code ./poolscope app --port 0}, as a user starts it; the script becomes the app's JVM, so this is its pid. */
    record LabApp(Process process, String url) implements AutoCloseable {
        static final Pattern READY = Pattern.compile("poolscope-app ready: url=(\\S+)");

        static LabApp start(Map<String, String> env, Path log, String... args) throws Exception {
            List<String> all = new ArrayList<>(List.of("app", "--port", "0"));
            all.addAll(List.of(args));
            Process p = Launcher.start(env, log, all.toArray(String[]::new));
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (p.isAlive() && System.nanoTime() < deadline) {
                Matcher m = READY.matcher(Files.readString(log));
                if (m.find()) {
                    return new LabApp(p, m.group(1));
                }
                Thread.sleep(200);
            }
            p.destroy();
            throw new AssertionError("the app did not become ready: " + Files.readString(log));
        }

        long pid() {
            return process.pid();
        }

        boolean alive() {
            return process.isAlive();
        }

        /** SIGTERM, so the app stops its embedded PostgreSQL and Redis. */
        @Override
        public void close() throws Exception {
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private static java.io.File readOr(Path file) throws java.io.IOException {
        if (Files.isRegularFile(file)) {
            return file.toFile();
        }
        Path empty = Files.createTempFile("empty", ".json");
        Files.writeString(empty, "{}");
        return empty.toFile();
    }
}
