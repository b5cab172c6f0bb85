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
import org.junit.jupiter.params.provider.ValueSource;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.WorkerPoolEvent;

/** Jetty and Undertow: request spans with the client's ids and the worker-pool gauge, lighter than Tomcat's. */
class OtherServersIT {

    @ParameterizedTest
    @ValueSource(strings = {"jetty", "undertow"})
    void requestSpansAndWorkerGaugesOn(String server) throws Exception {
        Path work = Path.of("target", "it", server).toAbsolutePath();
        LabApp.Load load;
        // A clock budget of one request a second: most spans go unclocked, as on a host past the default 400.
        try (LabApp app = LabApp.start(work, "asprof=false,console=false,requestClock=1", "--server",
                server)) {
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
        // rest record -1.
        long clocked = requests.stream().filter(e -> e.getLong(RequestEvent.CPU_NANOS) >= 0).count();
        long unclocked = requests.stream()
                .filter(e -> e.getLong(RequestEvent.CPU_NANOS) == -1
                        && e.getLong(RequestEvent.RUN_DELAY_NANOS) == -1)
                .count();
        assertTrue(clocked >= 1 && clocked <= 20 && clocked + unclocked == requests.size() && unclocked >= 10,
                "clocked " + clocked + ", unclocked " + unclocked + " of " + requests.size());
        List<RecordedEvent> workers = ev.getOrDefault(WorkerPoolEvent.NAME, List.of());
        assertTrue(
                workers.stream()
                        .anyMatch(e -> e.getString(WorkerPoolEvent.SERVER).equals(server)
                                && e.getInt(WorkerPoolEvent.MAX) > 0
                                && e.getInt(WorkerPoolEvent.SIZE) > 0),
                "worker gauge for " + server + ": " + workers.size());
        assertTrue(ev.containsKey(RedisRoundTripEvent.NAME) && ev.containsKey(ConnectionHoldEvent.NAME));
        String metadata = Files.readString(work.resolve("agent/metadata.json"));
        assertTrue(metadata.contains("\"type\": \"" + server + "\""), metadata);
        assertEquals(0,
                ev.get(AgentStatusEvent.NAME).stream()
                        .mapToLong(e -> e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS)).sum());
    }
}
