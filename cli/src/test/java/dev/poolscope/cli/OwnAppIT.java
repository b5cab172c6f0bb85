package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A user's own app, not the lab app, through {@code run --app-cmd}: test-apps/orders (Spring Boot, Tomcat, HikariCP
 * with 2 connections, in-memory H2; invoicing holds its connection across a 50-ms outside call) under its own plan,
 * which sends no request ids. The real agent, the real JMeter, the real analysis.
 */
class OwnAppIT {

    static final ObjectMapper JSON = new ObjectMapper();

    static final Path HOME = Path.of(System.getProperty("poolscope.home", ".."));
    static final Path JAR = HOME
            .resolve("test-apps/orders/target/poolscope-test-app-orders-0.1.0-SNAPSHOT-exec.jar");
    static final Path PLAN = HOME.resolve("test-apps/orders/src/test/jmeter/orders.jmx");

    @TempDir
    Path work;

    @Test
    void yourAppUnderYourPlanWithoutRequestIdsIsDiagnosedAndJoined() throws Exception {
        Path dir = work.resolve("orders");
        Launcher.Result r = Launcher.run("run", "--app-cmd", "${java} -jar " + JAR + " --server.port=${port}",
                "--ready-url", "http://127.0.0.1:${port}/health", "--plan", PLAN.toString(), "--jmeter-prop",
                "users=20", "--duration", "10s", "--no-dashboard", "--out", dir.toString());
        assertThat(r.exit()).as(r.toString()).isZero();

        JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
        JsonNode command = run.path("appCommand");
        assertThat(command.get(1).asText()).as("the agent right after java")
                .startsWith("-javaagent:").contains("out=" + dir.resolve("agent"));
        assertThat(command.get(command.size() - 1).asText()).matches("--server\\.port=\\d+");
        assertThat(dir.resolve("agent/metadata.json")).isNotEmptyFile();
        long pid = run.path("app").path("pid").asLong();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("the app is stopped")
                .isFalse();

        JsonNode summary = JSON.readTree(dir.resolve("summary.json").toFile());
        JsonNode join = summary.path("join");
        assertThat(join.path("match_rate").asDouble()).as(join.toString()).isGreaterThanOrEqualTo(0.95);
        assertThat(join.path("approximate").asBoolean()).isTrue();
        assertThat(join.path("matched_by_path_and_time").asLong()).isEqualTo(join.path("matched").asLong())
                .isPositive();
        assertThat(summary.path("pool_size").asInt()).as("HikariCP's maximumPoolSize, found by the agent")
                .isEqualTo(2);
        assertThat(summary.path("primary_cause").asText()).as(summary.path("diagnosis").toString())
                .isEqualTo("connection-held");
        assertThat(summary.path("cause_links").findValuesAsText("explains")).contains("pool-starvation");
        assertThat(summary.path("error_rate").asDouble()).isZero();
        String report = Files.readString(dir.resolve("report.html"));
        for (String section : new String[]{"summary", "diagnosis", "xlog", "steps", "gaps", "client-server",
                "threads", "flames"}) {
            assertThat(report).contains("<section id=\"" + section + "\"");
        }
    }

    @Test
    void anAppThatExitsBeforeReadyIsOneLineAndTheFolderKeepsWhatItHas() throws Exception {
        Path dir = work.resolve("exits");
        Launcher.Result r = Launcher.run("run", "--app-cmd",
                "${java} -jar " + work.resolve("no-such.jar") + " --server.port=${port}", "--plan",
                PLAN.toString(), "--no-agent", "--out", dir.toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(2);
        JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
        assertThat(run.path("error").asText())
                .startsWith("the app exited (code 1) before it was ready; its last"
                        + " line: Error: Unable to access jarfile")
                .doesNotContain("\n");
        assertThat(dir.resolve("app.log")).isNotEmptyFile();
    }

    @Test
    void aReadyUrlThatNeverAnswersTimesOutAndTheAppIsStopped() throws Exception {
        Path dir = work.resolve("never");
        Path sleeper = HOME.resolve("cli/src/test/resources/ownapp/Sleeper.java");
        Launcher.Result r = Launcher.run("run", "--app-cmd", "${java} " + sleeper + " ${port}", "--ready-url",
                "http://127.0.0.1:${port}/health", "--ready-timeout", "3s", "--plan", PLAN.toString(),
                "--no-agent", "--out", dir.toString());
        assertThat(r.exit()).as(r.toString()).isEqualTo(2);
        JsonNode run = JSON.readTree(dir.resolve("run.json").toFile());
        assertThat(run.path("error").asText()).matches(
                "http://127\\.0\\.0\\.1:\\d+/health did not answer 2xx within 3 s \\(last: \\w+\\); the app was"
                        + " stopped, see app.log");
        assertThat(ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("Sleeper.java"))
                .filter(ProcessHandle::isAlive)).as("the app is stopped").isEmpty();
    }

    @Test
    void aKilledLauncherTakesYourAppWithIt() throws Exception {
        Path dir = work.resolve("killed");
        Path sleeper = HOME.resolve("cli/src/test/resources/ownapp/Sleeper.java");
        // The script execs the launcher's JVM: this process is that JVM.
        Process launcher = Launcher.start(java.util.Map.of(), work.resolve("killed.log"), "run", "--app-cmd",
                "${java} " + sleeper + " ${port}", "--ready-url", "http://127.0.0.1:${port}/health", "--plan",
                PLAN.toString(), "--no-agent", "--out", dir.toString());
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!log(dir).contains("sleeping, not listening") && System.nanoTime() < deadline) {
                Thread.sleep(250);
            }
            assertThat(log(dir)).as("the app runs").contains("sleeping, not listening");
            List<ProcessHandle> app = launcher.descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("Sleeper.java")).toList();
            assertThat(app).isNotEmpty();
            launcher.destroyForcibly(); // kill -9: the launcher's shutdown hook never runs, its guard shell does
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
            while (app.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
                Thread.sleep(250);
            }
            assertThat(app).as("the app is stopped within 45 s").noneMatch(ProcessHandle::isAlive);
        } finally {
            launcher.destroyForcibly();
        }
    }

    private static String log(Path dir) {
        try {
            return Files.readString(dir.resolve("app.log"));
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
