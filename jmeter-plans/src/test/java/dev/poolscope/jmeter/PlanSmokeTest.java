package dev.poolscope.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each plan, run briefly by ./jmeter against one real lab app: no errors, every request id in the .jtl seen by the
 * app, and an HTML dashboard.
 */
class PlanSmokeTest {
    private static final Pattern READY = Pattern.compile("poolscope-app ready: url=(\\S+)");
    private static final Pattern ACCESS = Pattern.compile("access requestId=(\\S+) ");
    /** The columns docs/reference/load-plans.md documents, in order. */
    private static final String JTL_HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
            + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,"
            + "\"requestId\"";
    private static final Path RUNS = JMeterWrapper.MODULE.resolve("target/smoke");

    private static Process app;
    private static URI url;
    private static final Set<String> seenByApp = ConcurrentHashMap.newKeySet();
    private static final List<String> appOutput = new ArrayList<>();

    @BeforeAll
    static void startAppAndJMeter() throws Exception {
        JMeterWrapper.home();
        Path jar = Path.of(System.getProperty("poolscope.app.jar"));
        assertThat(jar).as("build the app first: ./mvnw -pl app -am install -DskipTests").exists();
        app = new ProcessBuilder(JMeterWrapper.javaHome().resolve("bin/java").toString(), "-Xmx384m", "-jar",
                jar.toString(), "--port", "0", "--access-log", "--slow-query-rows", "20000")
                .redirectErrorStream(true)
                .start();
        CompletableFuture<URI> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> readAppOutput(ready), "app-stdout");
        reader.setDaemon(true);
        reader.start();
        try {
            url = ready.get(90, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the app did not report ready:\n" + String.join("\n", appOutput), e);
        }
    }

    private static void readAppOutput(CompletableFuture<URI> ready) {
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                Matcher access = ACCESS.matcher(line);
                if (access.find()) {
                    seenByApp.add(access.group(1));
                    continue;
                }
                synchronized (appOutput) {
                    appOutput.add(line);
                }
                Matcher m = READY.matcher(line);
                if (m.find()) {
                    ready.complete(URI.create(m.group(1)));
                }
            }
        } catch (IOException e) {
            ready.completeExceptionally(e);
        }
        ready.completeExceptionally(new IllegalStateException("app exited"));
    }

    @AfterAll
    static void stopApp() throws InterruptedException {
        if (app != null) {
            // SIGTERM: the app stops its embedded PostgreSQL and Redis on the way out.
            app.destroy();
            if (!app.waitFor(30, TimeUnit.SECONDS)) {
                app.descendants().forEach(ProcessHandle::destroyForcibly);
                app.destroyForcibly().waitFor();
            }
        }
    }

    @Test
    void vu500MixesCheckoutsAndProductReads() throws Exception {
        JtlSummary s = smoke("vu500", "-Jvus=4", "-Jduration=4");
        assertThat(s.byLabel()).containsOnlyKeys("POST /api/checkout", "GET /api/products/{id}");
        assertThat(s.samples()).isBetween(10L, 5000L);
    }

    @Test
    void ping1000SendsVusTimesLoops() throws Exception {
        JtlSummary s = smoke("ping-1000", "-Jvus=4", "-Jloops=10");
        assertThat(s.samples()).isEqualTo(40);
        assertThat(s.byLabel()).containsOnlyKeys("GET /api/ping");
    }

    @Test
    void ping1000DrivesAnotherEndpointByProperty() throws Exception {
        JtlSummary s = smokeRun("ping-1000-cpu", "ping-1000", "-Jvus=2", "-Jloops=3",
                "-Jpath=/api/cpu?iterations=1000");
        assertThat(s.samples()).isEqualTo(6);
        assertThat(s.byLabel()).containsOnlyKeys("GET /api/cpu?iterations=1000");
    }

    @Test
    void lockReservesTheSameRow() throws Exception {
        JtlSummary s = smoke("lock", "-Jvus=4", "-Jloops=5");
        assertThat(s.samples()).isEqualTo(20);
        assertThat(s.byLabel()).containsOnlyKeys("POST /api/stock/{stockId}/reserve");
    }

    @Test
    void ab300SendsExactlyTheRequestedNumber() throws Exception {
        // 50 is not a multiple of 4: the clients share the total like ab -n 50 -c 4.
        JtlSummary s = smoke("ab-300", "-Jvus=4", "-Jrequests=50");
        assertThat(s.samples()).isEqualTo(50);
    }

    @Test
    void greetingsHoldsEachRequestOneSecond() throws Exception {
        JtlSummary s = smoke("greetings", "-Jvus=4", "-Jduration=3");
        assertThat(s.byLabel()).containsOnlyKeys("GET /api/sleep?ms=1000");
        assertThat(s.samples()).isBetween(4L, 16L);
    }

    @Test
    void slowQueryReadsRandomAccounts() throws Exception {
        JtlSummary s = smoke("slow-query", "-Jvus=3", "-Jduration=3");
        assertThat(s.byLabel()).containsOnlyKeys("GET /api/ledger/{account}");
        assertThat(s.samples()).isBetween(3L, 5000L);
    }

    @Test
    void nPlus1ReadsShelvesWithTheirItems() throws Exception {
        JtlSummary s = smoke("n-plus-1", "-Jvus=2", "-Jloops=3", "-Jitems=5");
        assertThat(s.samples()).isEqualTo(6);
        assertThat(s.byLabel()).containsOnlyKeys("GET /api/shelves/{id}?items={items}");
    }

    private static JtlSummary smoke(String plan, String... overrides) throws Exception {
        return smokeRun(plan, plan, overrides);
    }

    /** Runs plans/{plan}.jmx into target/smoke/{run}/ and checks what every run must satisfy. */
    private static JtlSummary smokeRun(String run, String plan, String... overrides) throws Exception {
        Path dir = RUNS.resolve(run);
        Path jtl = dir.resolve("results.jtl");
        Path report = dir.resolve("report");
        List<String> args = new ArrayList<>(List.of("-n", "-t",
                JMeterWrapper.MODULE.resolve("plans/" + plan + ".jmx").toString(), "-l", jtl.toString(), "-j",
                dir.resolve("jmeter.log").toString(), "-e", "-o", report.toString(), "-f",
                "-Jhost=" + url.getHost(), "-Jport=" + url.getPort()));
        args.addAll(List.of(overrides));

        JMeterWrapper.Result result = JMeterWrapper.run(dir, args, 120);

        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(Files.readAllLines(jtl).get(0)).isEqualTo(JTL_HEADER);
        JtlSummary summary = JtlSummary.read(jtl);
        assertThat(summary.errors()).as(summary.describe()).isZero();
        assertThat(summary.samples()).isPositive();
        assertThat(summary.samplesWithoutRequestId()).isZero();
        assertThat(report.resolve("index.html")).isNotEmptyFile();
        assertThat(report.resolve("statistics.json")).isNotEmptyFile();

        List<String> ids = requestIds(jtl);
        assertThat(Set.copyOf(ids)).as("a new id for every request").hasSameSizeAs(ids);
        // The app logs a request when it completes, which is before JMeter records it; allow for stdout lag.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!seenByApp.containsAll(ids) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(seenByApp).containsAll(ids);
        return summary;
    }

    private static List<String> requestIds(Path jtl) throws IOException {
        List<String> lines = Files.readAllLines(jtl);
        List<String> ids = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            // Our rows have no quoted fields (no failures), and the id is the last column.
            ids.add(line.substring(line.lastIndexOf(',') + 1));
        }
        return ids;
    }
}
