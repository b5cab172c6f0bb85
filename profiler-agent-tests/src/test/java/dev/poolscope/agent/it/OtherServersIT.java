package dev.poolscope.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordedEvent;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.format.event.WorkerPoolEvent;

/**
 * Jetty on virtual threads and Undertow on its workers: request spans with the client's ids and the worker-pool gauge,
 * lighter than Tomcat's; on virtual threads, the scheduler statistics of their carriers.
 */
class OtherServersIT {

    @ParameterizedTest
    @CsvSource({"jetty, true", "undertow, false"})
    void requestSpansAndWorkerGaugesOn(String server, boolean virtual) throws Exception {
        Path work = Path.of("target", "it", server).toAbsolutePath();
        LabApp.Load load;
        // A clock budget of one request a second: most spans go unclocked, as on a host past the default 400.
        try (LabApp app = LabApp.start(work, "asprof=false,console=false,requestClock=1", "--server",
                server, "--virtual-threads=" + virtual)) {
            // The first request connects Lettuce lazily, loading (and instrumenting) Netty and Lettuce: seconds on
            // a loaded machine, longer than the measured window. Warm it first.
            app.drive(2, Duration.ofSeconds(2), "warmup-" + server,
                    (base, n) -> HttpRequest.newBuilder(base.resolve("/api/products/" + (1 + n % 100))));
            load = app.drive(8, Duration.ofSeconds(3), server,
                    (base, n) -> HttpRequest.newBuilder(base.resolve("/api/products/" + (1 + n % 100))));
            app.stop();
        }
        Map<String, List<RecordedEvent>> ev = Recordings.byType(work.resolve("agent/recording.jfr"));
        List<RecordedEvent> requests = ev.getOrDefault(RequestEvent.NAME, List.of());
        Set<String> ids = requests.stream().map(e -> e.getString(RequestEvent.REQUEST_ID))
                .collect(Collectors.toSet());
        Set<String> answered = load.statusById().entrySet().stream().filter(e -> e.getValue() == 200)
                .map(Map.Entry::getKey).collect(Collectors.toSet());
        assertTrue(answered.size() >= 20, "requests answered: " + answered.size());
        assertTrue(ids.containsAll(answered), "every answered request has its span");
        assertTrue(requests.stream().filter(e -> answered.contains(e.getString(RequestEvent.REQUEST_ID)))
                .allMatch(e -> e.getString(RequestEvent.SERVER).equals(server)
                        && e.getInt(RequestEvent.STATUS) == 200
                        && e.getString(RequestEvent.URI).startsWith("/api/products/")));
        // The budget: a second's burst, then one a second while requests come (~5 s, more on a slow machine); the
        // rest record -1. A virtual thread's CPU is its carriers' (below), never its own: every span records -1.
        long clocked = requests.stream().filter(e -> e.getLong(RequestEvent.CPU_NANOS) >= 0).count();
        long unclocked = requests.stream()
                .filter(e -> e.getLong(RequestEvent.CPU_NANOS) == -1
                        && e.getLong(RequestEvent.RUN_DELAY_NANOS) == -1)
                .count();
        assertTrue(virtual
                ? clocked == 0 && unclocked == requests.size()
                : clocked >= 1 && clocked <= 20 && clocked + unclocked == requests.size() && unclocked >= 10,
                "clocked " + clocked + ", unclocked " + unclocked + " of " + requests.size());
        List<RecordedEvent> workers = ev.getOrDefault(WorkerPoolEvent.NAME, List.of());
        assertTrue(
                workers.stream()
                        // On virtual threads the executor has no maximum (-1) and its size is the live ones.
                        .anyMatch(e -> e.getString(WorkerPoolEvent.SERVER).equals(server) && (virtual
                                || e.getInt(WorkerPoolEvent.MAX) > 0 && e.getInt(WorkerPoolEvent.SIZE) > 0)),
                "worker gauge for " + server + ": " + workers.size());
        // Virtual threads have no tid: the agent samples the platform threads they ran on, its carriers, instead.
        List<RecordedEvent> carriers = ev.getOrDefault(ThreadSchedStatEvent.NAME, List.of()).stream()
                .filter(e -> e.getBoolean(ThreadSchedStatEvent.CARRIER)).toList();
        if (virtual) {
            assertTrue(!carriers.isEmpty() && carriers.stream()
                    .allMatch(e -> e.getLong(ThreadSchedStatEvent.JAVA_THREAD_ID) == 0
                            && e.getLong(ThreadSchedStatEvent.OS_THREAD_ID) > 0
                            && e.getString(ThreadSchedStatEvent.THREAD_NAME).startsWith("ForkJoinPool")
                            && e.getLong(ThreadSchedStatEvent.RUN_DELAY_NANOS) >= 0)
                    && carriers.stream().anyMatch(e -> e.getLong(ThreadSchedStatEvent.CPU_NANOS) > 0),
                    "carriers' schedstat: " + carriers);
        } else {
            assertEquals(List.of(), carriers);
        }
        assertTrue(ev.containsKey(RedisRoundTripEvent.NAME) && ev.containsKey(ConnectionHoldEvent.NAME));
        String metadata = Files.readString(work.resolve("agent/metadata.json"));
        assertTrue(metadata.contains("\"type\": \"" + server + "\""), metadata);
        assertEquals(0,
                ev.get(AgentStatusEvent.NAME).stream()
                        .mapToLong(e -> e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS)).sum());
    }
}
