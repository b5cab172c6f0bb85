package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.poolscope.app.testing.Http;

/**
 * The runnable jar as users start it: knobs on the command line take visible effect, all six endpoints
 * answer against the embedded PostgreSQL and Redis, and SIGTERM stops the app and both servers.
 */
class AppJarIT {

    static final Pattern READY = Pattern
            .compile("poolscope-app ready: url=http://127\\.0\\.0\\.1:(\\d+) (.*)");

    /** A started jar: its process, every line it printed, and its ready line. */
    record Started(Process app, List<String> log, Matcher ready, Thread reader) {
    }

    static Started start(String... args) throws Exception {
        Path jar = Path.of(System.getProperty("poolscope.app.jar"));
        assertThat(jar).exists();
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(
                List.of(javaBin, "-Xmx512m", "-jar", jar.toString(), "--port", "0"));
        cmd.addAll(List.of(args));
        Process app = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> log = new ArrayList<>();
        CompletableFuture<Matcher> ready = new CompletableFuture<>();
        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null;) {
                    synchronized (log) {
                        log.add(line);
                    }
                    Matcher m = READY.matcher(line);
                    if (m.find()) {
                        ready.complete(m);
                    }
                }
                ready.completeExceptionally(new IllegalStateException("app exited before it was ready"));
            } catch (IOException e) {
                ready.completeExceptionally(e);
            }
        });
        try {
            return new Started(app, log, ready.get(120, TimeUnit.SECONDS), reader);
        } catch (Exception e) {
            app.destroyForcibly();
            throw e;
        }
    }

    @Test
    void killedAppTakesItsPostgresAndRedisWithIt() throws Exception {
        Started s = start();
        try {
            String line = findInLog(s.log(),
                    "(watchdog pid \\d+ stops PostgreSQL \\(pid \\d+\\) and Redis \\(pid \\d+\\).*)");
            assertThat(line).as("the app logs its watchdog").isNotNull();
            Matcher pids = Pattern.compile(
                    "watchdog pid (\\d+) stops PostgreSQL \\(pid (\\d+)\\) and Redis \\(pid (\\d+)\\)")
                    .matcher(line);
            assertThat(pids.find()).isTrue();
            long postgres = Long.parseLong(pids.group(2));
            long redis = Long.parseLong(pids.group(3));
            assertThat(alive(postgres)).isTrue();
            assertThat(alive(redis)).isTrue();
            s.app().destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertThat(s.app().waitFor(30, TimeUnit.SECONDS)).isTrue();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while ((alive(postgres) || alive(redis)) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(alive(postgres)).as("PostgreSQL stopped after kill -9 of the app").isFalse();
            assertThat(alive(redis)).as("Redis stopped after kill -9 of the app").isFalse();
            // And its data directory (the app's own copy) goes once the server is gone.
            Matcher data = Pattern.compile("deletes PostgreSQL's data \\((.+)\\)").matcher(line);
            assertThat(data.find()).as(line).isTrue();
            Path dir = Path.of(data.group(1));
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (Files.exists(dir) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertThat(dir).as("PostgreSQL's data directory after kill -9 of the app").doesNotExist();
        } finally {
            s.app().destroyForcibly();
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void jarStartsWithKnobsServesAndStopsCleanly() throws Exception {
        Started s = start("--server", "undertow", "--threads", "32", "--pool-size", "5", "--access-log");
        Process app = s.app();
        List<String> log = s.log();
        Thread reader = s.reader();
        try {
            Matcher m = s.ready();
            assertThat(m.group(2)).contains("server=undertow", "workers=32", "poolSize=5", "db=embedded",
                    "redis=embedded");
            int port = Integer.parseInt(m.group(1));
            Http http = new Http(port);
            assertThat(http.get("/api/ping").statusCode()).isEqualTo(200);
            assertThat(http.get("/api/sleep?ms=10").statusCode()).isEqualTo(200);
            assertThat(http.get("/api/cpu?iterations=1000").statusCode()).isEqualTo(200);
            assertThat(http.get("/api/products/3").statusCode()).isEqualTo(200);
            assertThat(http.post("/api/stock/3/reserve", null).statusCode()).isEqualTo(200);
            assertThat(
                    http.send(java.net.http.HttpRequest
                            .newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/api/checkout"))
                            .header("Content-Type", "application/json")
                            .header("X-Request-Id", "it-checkout-1")
                            .POST(java.net.http.HttpRequest.BodyPublishers
                                    .ofString("{\"userId\":1,\"productId\":3}")))
                            .statusCode())
                    .isEqualTo(200);

            String pgPort = findInLog(log, "jdbc:postgresql://127.0.0.1:(\\d+)");
            // The access line is written after the response has gone out: wait for it before SIGTERM, or a stop that
            // begins first may take the logger down before the line is written (seen once in CI).
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            String access = "access requestId=it-checkout-1 method=POST uri=/api/checkout status=200";
            while (findInLog(log, "(" + Pattern.quote(access) + ")") == null
                    && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            synchronized (log) {
                assertThat(log).anySatisfy(l -> assertThat(l).contains(access));
            }
            app.destroy();
            assertThat(app.waitFor(60, TimeUnit.SECONDS)).as("app stops on SIGTERM").isTrue();
            reader.join(5_000);
            if (pgPort != null) {
                assertThat(listening(Integer.parseInt(pgPort))).as("embedded PostgreSQL stopped with the app")
                        .isFalse();
            }
            // Its data directory (the app's own copy) went with it, without the watchdog.
            String data = findInLog(log, "deletes PostgreSQL's data \\((.+)\\)");
            assertThat(data).as("the watchdog line names the data directory").isNotNull();
            assertThat(Path.of(data)).as("PostgreSQL's data directory after a clean stop").doesNotExist();
        } finally {
            app.destroyForcibly();
        }
    }

    private static String findInLog(List<String> log, String regex) {
        Pattern p = Pattern.compile(regex);
        synchronized (log) {
            for (String line : log) {
                Matcher m = p.matcher(line);
                if (m.find()) {
                    return m.group(1);
                }
            }
        }
        return null;
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

}
