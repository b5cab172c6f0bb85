package dev.poolscope.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordedEvent;

import org.junit.jupiter.api.Test;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.JdkFields;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.LoopStallEvent;
import dev.poolscope.format.event.R2dbcAcquireEvent;
import dev.poolscope.format.event.R2dbcHoldEvent;
import dev.poolscope.format.event.R2dbcPoolEvent;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.StatementEvent;
import dev.poolscope.format.event.ThreadSchedStatEvent;

/**
 * Evidence on the real reactive lab app (WebFlux on Reactor Netty, r2dbc-pool, reactive Lettuce, real Postgres and
 * Redis). With {@code -Dpoolscope.fixture.dir=DIR} the starved-pool run's files are also copied to DIR as the
 * analysis' reactive fixture.
 */
class ReactiveIT {
    private static final Path WORK = Path.of("target", "it", "reactive").toAbsolutePath();

    @Test
    void aStarvedR2dbcPoolIsRecordedPerRequest() throws Exception {
        Path work = WORK.resolve("starved-r2dbc");
        LabApp.Load load;
        List<String> stderr;
        try (LabApp app = LabApp.startReactive(work, "consoleInterval=2s", "--pool-size", "2")) {
            // A cold JVM serves its first requests in seconds (class loading, JIT): warm it before the load.
            app.drive(5, Duration.ofSeconds(4), "warmup", StarvedPoolIT::checkout);
            load = app.drive(50, Duration.ofSeconds(5), "reactive", StarvedPoolIT::checkout);
            assertEquals(0, app.stop() & ~(128 + 15), "app exits on SIGTERM");
            stderr = app.jvm.stderrLines();
        }
        Path agent = work.resolve("agent");
        Map<String, List<RecordedEvent>> ev = Recordings.byType(agent.resolve("recording.jfr"));
        long ok = load.count(200);
        assertTrue(ok >= 10, "some checkouts succeeded: " + load.statusById().values());

        // One span per answered request, with the id the client sent, ending on the loop that decoded it.
        List<RecordedEvent> requests = ev.getOrDefault(RequestEvent.NAME, List.of());
        Map<String, RecordedEvent> byId = requests.stream()
                .collect(Collectors.toMap(e -> e.getString(RequestEvent.REQUEST_ID), e -> e, (a, b) -> a));
        long answered = load.statusById().values().stream().filter(s -> s != 0).count();
        assertEquals(answered,
                requests.stream().filter(e -> e.getString(RequestEvent.REQUEST_ID).startsWith("reactive-"))
                        .count(),
                "one span per answered request");
        for (Map.Entry<String, Integer> sent : load.statusById().entrySet()) {
            if (sent.getValue() == 0) {
                continue;
            }
            RecordedEvent span = byId.get(sent.getKey());
            assertTrue(span != null, "span for " + sent.getKey());
            assertEquals((int) sent.getValue(), span.getInt(RequestEvent.STATUS), sent.getKey());
            assertEquals("POST", span.getString(RequestEvent.METHOD));
            assertEquals("/api/checkout", span.getString(RequestEvent.URI));
            assertEquals("netty", span.getString(RequestEvent.SERVER));
            assertEquals(-1L, span.getLong(RequestEvent.CPU_NANOS), "no thread of its own");
            assertTrue(span.getThread().getJavaName().startsWith("reactor-http-"),
                    span.getThread().getJavaName());
        }

        // Acquires: one per transaction, each tied to its request; with 2 connections, many waited.
        List<RecordedEvent> acquires = ev.getOrDefault(R2dbcAcquireEvent.NAME, List.of());
        List<RecordedEvent> acquired = acquires.stream()
                .filter(e -> e.getString(R2dbcAcquireEvent.OUTCOME)
                        .equals(R2dbcAcquireEvent.OUTCOME_ACQUIRED))
                .toList();
        Set<String> acquiringRequests = acquired.stream().map(e -> e.getString(R2dbcAcquireEvent.REQUEST_ID))
                .filter(id -> id.startsWith("reactive-")).collect(Collectors.toSet());
        for (Map.Entry<String, Integer> sent : load.statusById().entrySet()) {
            if (sent.getValue() == 200) {
                assertTrue(acquiringRequests.contains(sent.getKey()), "acquire for " + sent.getKey());
            }
        }
        assertTrue(acquires.stream().allMatch(e -> e.getString(R2dbcAcquireEvent.POOL).equals("r2dbc-pool")));
        assertTrue(acquired.stream().anyMatch(e -> e.getDuration().toMillis() > 100), "long acquires");
        assertTrue(
                acquires.stream()
                        .anyMatch(e -> e.getInt(R2dbcAcquireEvent.PENDING) > 0
                                && e.getInt(R2dbcAcquireEvent.ACQUIRED) == 2),
                "acquires that began with the pool exhausted");
        assertTrue(acquires.stream().allMatch(e -> e.getInt(R2dbcAcquireEvent.MAX) == 2));
        Set<String> connections = acquired.stream().map(e -> e.getString(R2dbcAcquireEvent.CONNECTION_ID))
                .collect(Collectors.toSet());
        assertTrue(connections.size() >= 1 && connections.size() <= 4, "connections: " + connections);
        // Most acquires end off the request's loop: on the thread that released a connection.
        assertTrue(acquired.stream().anyMatch(e -> !e.getThread().getJavaName().startsWith("reactor-http-")));

        // Holds: one per delivered connection, same request ids and connections.
        List<RecordedEvent> holds = ev.getOrDefault(R2dbcHoldEvent.NAME, List.of());
        assertTrue(Math.abs(holds.size() - acquired.size()) <= 2,
                holds.size() + " holds vs " + acquired.size());
        assertTrue(holds.stream()
                .allMatch(e -> connections.contains(e.getString(R2dbcHoldEvent.CONNECTION_ID))));
        Set<String> acquiredPairs = acquired.stream()
                .map(e -> e.getString(R2dbcHoldEvent.REQUEST_ID) + "/"
                        + e.getString(R2dbcHoldEvent.CONNECTION_ID))
                .collect(Collectors.toSet());
        assertTrue(holds.stream().filter(e -> e.getString(R2dbcHoldEvent.REQUEST_ID).startsWith("reactive-"))
                .allMatch(e -> acquiredPairs
                        .contains(e.getString(R2dbcHoldEvent.REQUEST_ID) + "/"
                                + e.getString(R2dbcHoldEvent.CONNECTION_ID))),
                "a hold names the request and connection of its acquire");
        // tx-work-ms=100 of pg_sleep inside every hold.
        assertTrue(holds.stream().filter(e -> e.getString(R2dbcHoldEvent.REQUEST_ID).startsWith("reactive-"))
                .allMatch(e -> e.getDuration().toMillis() >= 100), "holds cover the transaction");

        // Statements: R2DBC executions tied to their request through the Reactor Context, each inside its request's
        // hold on the hold's connection; the 100 ms of pg_sleep is the statement's own time.
        List<RecordedEvent> statements = ev.getOrDefault(StatementEvent.NAME, List.of()).stream()
                .filter(e -> e.getString(StatementEvent.REQUEST_ID).startsWith("reactive-")).toList();
        assertTrue(statements.stream().allMatch(e -> e.getString(StatementEvent.KIND)
                .equals(StatementEvent.KIND_R2DBC) && e.getBoolean(StatementEvent.SUCCESS)));
        Map<String, List<RecordedEvent>> sleeps = statements.stream()
                .filter(e -> e.getString(StatementEvent.SQL).equals("SELECT ? FROM pg_sleep($1)"))
                .collect(Collectors.groupingBy(e -> e.getString(StatementEvent.REQUEST_ID)));
        for (Map.Entry<String, Integer> sent : load.statusById().entrySet()) {
            if (sent.getValue() == 200) {
                assertEquals(1, sleeps.getOrDefault(sent.getKey(), List.of()).size(),
                        "pg_sleep of " + sent.getKey() + " in " + statements.stream()
                                .map(e -> e.getString(StatementEvent.SQL)).distinct().toList());
            }
        }
        assertTrue(sleeps.values().stream().flatMap(List::stream)
                .allMatch(e -> e.getDuration().toMillis() >= 100), "the statement holds the sleep");
        for (RecordedEvent st : statements) {
            assertTrue(holds.stream().anyMatch(h -> h.getString(R2dbcHoldEvent.REQUEST_ID)
                    .equals(st.getString(StatementEvent.REQUEST_ID))
                    && h.getString(R2dbcHoldEvent.CONNECTION_ID)
                            .equals(st.getString(StatementEvent.CONNECTION_ID))
                    && !h.getStartTime().isAfter(st.getStartTime())
                    && !h.getEndTime().isBefore(st.getEndTime())),
                    "in its request's hold: " + st.getString(StatementEvent.SQL) + " of "
                            + st.getString(StatementEvent.REQUEST_ID));
        }

        // Gauges: the pool seen exhausted with acquires pending.
        List<RecordedEvent> gauges = ev.getOrDefault(R2dbcPoolEvent.NAME, List.of());
        assertTrue(gauges.stream()
                .allMatch(e -> e.getInt(R2dbcPoolEvent.MAX) == 2
                        && e.getString(R2dbcPoolEvent.POOL).equals("r2dbc-pool")));
        assertTrue(
                gauges.stream().anyMatch(
                        e -> e.getInt(R2dbcPoolEvent.ACQUIRED) == 2 && e.getInt(R2dbcPoolEvent.PENDING) > 10),
                "a starved pool: all acquired, many pending");
        assertTrue(gauges.stream().allMatch(e -> e.getInt(R2dbcPoolEvent.MAX_PENDING) == -1),
                "no pending limit: -1");

        // Reactive Redis: GET and SET per checkout, tied to the request, completed on Lettuce's loop.
        List<RecordedEvent> trips = ev.getOrDefault(RedisRoundTripEvent.NAME, List.of());
        Set<String> commands = trips.stream().map(e -> e.getString(RedisRoundTripEvent.COMMAND))
                .collect(Collectors.toSet());
        assertTrue(commands.contains("GET") && commands.contains("SET"), commands.toString());
        assertTrue(trips.stream().allMatch(e -> e.getThread().getJavaName().startsWith("lettuce")));
        Set<String> redisRequests = trips.stream().map(e -> e.getString(RedisRoundTripEvent.REQUEST_ID))
                .filter(id -> id.startsWith("reactive-")).collect(Collectors.toSet());
        assertTrue(redisRequests.size() >= ok,
                redisRequests.size() + " requests with Redis trips, " + ok + " ok");

        // Every event loop that ran a task is sampled.
        Set<String> sampled = ev.getOrDefault(ThreadSchedStatEvent.NAME, List.of()).stream()
                .map(e -> e.getString(ThreadSchedStatEvent.THREAD_NAME)).collect(Collectors.toSet());
        Set<String> requestLoops = requests.stream().map(e -> e.getThread().getJavaName())
                .collect(Collectors.toSet());
        assertTrue(sampled.containsAll(requestLoops), sampled + " vs " + requestLoops);
        assertTrue(sampled.stream().anyMatch(n -> n.startsWith("lettuce")), sampled.toString());
        assertTrue(sampled.stream().anyMatch(n -> n.startsWith("reactor-tcp-")), sampled.toString());

        // wallThreads=requests (the default): the event loops are wall-sampled for good, and nothing else is.
        Set<String> wallSampled = Recordings.byType(agent.resolve("async-profiler.jfr"))
                .getOrDefault(JdkTypes.PROFILER_WALL_CLOCK_SAMPLE, List.of()).stream()
                .map(e -> String.valueOf(e.getThread(JdkFields.SAMPLED_THREAD).getJavaName()))
                .collect(Collectors.toSet());
        assertTrue(wallSampled.containsAll(requestLoops), wallSampled + " vs " + requestLoops);
        assertTrue(wallSampled.stream().allMatch(n -> n.startsWith("reactor-") || n.startsWith("lettuce")),
                "wall samples of threads that are no event loop: " + wallSampled);

        assertTrue(
                ev.get(AgentStatusEvent.NAME).stream()
                        .allMatch(e -> e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS) == 0),
                "no errors suppressed");
        String metadata = Files.readString(agent.resolve("metadata.json"));
        assertTrue(metadata.contains("\"server\": { \"type\": \"netty\", \"maxThreads\": null, "
                + "\"virtualThreads\": false, \"eventLoops\": " + requestLoops.size() + " }"), metadata);
        assertTrue(metadata.contains(
                "\"r2dbcPools\": [ { \"name\": \"r2dbc-pool\", \"maxSize\": 2, \"maxAcquireTimeMs\": 10000 } ]"),
                metadata);
        assertTrue(metadata.contains("\"suppressedErrors\": 0"), metadata);
        assertFalse(metadata.contains("\"endEpochMillis\": null"), metadata);
        assertTrue(stderr.stream().anyMatch(l -> l.startsWith("[poolscope-agent] ") && l.contains("req/s")
                && l.contains("r2dbc acquired 2/2")), "live console line");

        copyFixture(agent);
    }

    @Test
    void blockingCallsOnTheEventLoopAreCaughtWithTheirLine() throws Exception {
        Path work = WORK.resolve("blocking-calls");
        LabApp.Load load;
        try (LabApp app = LabApp.startReactive(work, "asprof=false", "--blocking-calls", "--pool-size", "2",
                "--event-loops", "2")) {
            app.drive(2, Duration.ofSeconds(2), "warmup", ReactiveIT::product);
            load = app.drive(20, Duration.ofSeconds(3), "blocking", ReactiveIT::product);
            assertEquals(0, app.stop() & ~(128 + 15), "app exits on SIGTERM");
        }
        Map<String, List<RecordedEvent>> ev = Recordings
                .byType(work.resolve("agent").resolve("recording.jfr"));
        assertTrue(load.count(200) >= 10, "some reads succeeded: " + load.statusById().values());

        // Twenty clients on two loops, each read blocking its loop on JDBC: stalls with the blocking frame.
        List<RecordedEvent> stalls = ev.getOrDefault(LoopStallEvent.NAME, List.of()).stream()
                .filter(e -> e.getThread().getJavaName().startsWith("reactor-http-")).toList();
        assertFalse(stalls.isEmpty(), "stalls on the HTTP loops");
        List<RecordedEvent> blocked = stalls.stream()
                .filter(e -> e.getString(LoopStallEvent.STACK)
                        .contains("dev.poolscope.reactive.BlockingCalls.product("))
                .toList();
        assertFalse(blocked.isEmpty(), "a stall whose stack names the blocking call: " + stalls.stream()
                .map(e -> e.getString(LoopStallEvent.STACK).lines().limit(3).toList()).toList());
        assertTrue(
                blocked.stream()
                        .anyMatch(e -> e.getString(LoopStallEvent.STACK).contains("com.zaxxer.hikari.")
                                || e.getString(LoopStallEvent.STACK).contains("org.postgresql.")
                                || e.getString(LoopStallEvent.STACK).contains("io.lettuce.core.")),
                "JDBC, Hikari or Redis frames");
        for (RecordedEvent e : blocked) {
            assertTrue(e.getDuration().toNanos() >= 10_000_000L, "over loopStall: " + e.getDuration());
            long after = e.getLong(LoopStallEvent.STACK_AFTER_NANOS);
            assertTrue(after >= 10_000_000L && after <= e.getDuration().toNanos(),
                    "stack taken while the task ran: " + after + " of " + e.getDuration());
            assertTrue(Set.of(LoopStallEvent.KIND_IO, LoopStallEvent.KIND_TASK)
                    .contains(e.getString(LoopStallEvent.KIND)));
        }
    }

    static HttpRequest.Builder product(URI base, int n) {
        return HttpRequest.newBuilder(base.resolve("/api/products/" + (1 + n % 1000))).GET();
    }

    private static void copyFixture(Path agent) throws Exception {
        String target = System.getProperty("poolscope.fixture.dir", "");
        if (target.isBlank()) {
            return;
        }
        Path dir = Path.of(target);
        Files.createDirectories(dir);
        for (String f : List.of("recording.jfr", "metadata.json")) {
            Files.copy(agent.resolve(f), dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
