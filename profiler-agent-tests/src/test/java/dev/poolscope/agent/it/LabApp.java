package dev.poolscope.agent.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** The real lab app (embedded Postgres and Redis) in its own JVM with the agent, driven by HttpClient. */
final class LabApp implements AutoCloseable {
    final JvmProcess jvm;
    final URI base;
    final Path agentDir;

    private LabApp(JvmProcess jvm, URI base, Path agentDir) {
        this.jvm = jvm;
        this.base = base;
        this.agentDir = agentDir;
    }

    static LabApp start(Path workDir, String agentOptions, String... appArgs) throws Exception {
        return startOn(JvmProcess.java(), workDir, agentOptions, appArgs);
    }

    /** The lab app on another JDK's {@code java}. */
    static LabApp startOn(String java, Path workDir, String agentOptions, String... appArgs)
            throws Exception {
        return start(java, Path.of(System.getProperty("poolscope.app.jar",
                "../app/target/poolscope-app-0.1.0-SNAPSHOT-exec.jar")), workDir, agentOptions, appArgs);
    }

    /** The lab app's reactive variant (WebFlux on Reactor Netty, R2DBC, reactive Lettuce). */
    static LabApp startReactive(Path workDir, String agentOptions, String... appArgs) throws Exception {
        return start(JvmProcess.java(), Path.of(System.getProperty("poolscope.app.reactive.jar",
                "../app-reactive/target/poolscope-app-reactive-0.1.0-SNAPSHOT-exec.jar")), workDir,
                agentOptions,
                appArgs);
    }

    private static LabApp start(String java, Path jar, Path workDir, String agentOptions, String... appArgs)
            throws Exception {
        // The reactor builds the app first; a missing jar is a broken build, not a reason to skip the evidence tests.
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(
                    "lab app jar not built: " + jar + " (./mvnw -pl app -am package)");
        }
        JvmProcess.clean(workDir);
        Path agentDir = workDir.resolve("agent");
        List<String> cmd = new ArrayList<>(JvmProcess.javaOnWithAgent(java,
                "out=" + agentDir + (agentOptions.isEmpty() ? "" : "," + agentOptions), "-Xmx512m", "-jar",
                jar.toAbsolutePath().toString(), "--port", "0"));
        cmd.addAll(List.of(appArgs));
        JvmProcess jvm = JvmProcess.start(workDir, cmd);
        try {
            String url = jvm.awaitStdout("poolscope-app ready: url=(\\S+)", Duration.ofSeconds(180));
            return new LabApp(jvm, URI.create(url), agentDir);
        } catch (Throwable t) {
            jvm.close();
            throw t;
        }
    }

    /** Outcome of a load run: the request ids sent, and the status each got (0 = client-side failure). */
    record Load(Map<String, Integer> statusById) {
        long count(int status) {
            return statusById.values().stream().filter(s -> s == status).count();
        }
    }

    /**
     * {@code concurrency} virtual users, each sending requests back to back for {@code duration}; every
     * request carries a unique {@code X-Request-Id}.
     */
    Load drive(int concurrency, Duration duration, String prefix, RequestFactory factory) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        Map<String, Integer> statuses = new ConcurrentHashMap<>();
        AtomicInteger seq = new AtomicInteger();
        long end = System.nanoTime() + duration.toNanos();
        try (ExecutorService users = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int u = 0; u < concurrency; u++) {
                users.submit(() -> {
                    while (System.nanoTime() < end) {
                        int n = seq.incrementAndGet();
                        String id = prefix + "-" + n;
                        HttpRequest req = factory.create(base, n).header("X-Request-Id", id)
                                .timeout(Duration.ofSeconds(30)).build();
                        try {
                            statuses.put(id,
                                    client.send(req, HttpResponse.BodyHandlers.discarding()).statusCode());
                        } catch (Exception e) {
                            statuses.put(id, 0);
                        }
                    }
                    return null;
                });
            }
        }
        return new Load(statuses);
    }

    interface RequestFactory {
        HttpRequest.Builder create(URI base, int n);
    }

    /** SIGTERM, as the launcher would; the agent writes recording.jfr and metadata.json on the way out. */
    int stop() throws Exception {
        jvm.process.destroy();
        return jvm.awaitExit(Duration.ofSeconds(90));
    }

    @Override
    public void close() throws Exception {
        jvm.close();
    }
}
