package dev.poolscope.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.ConnectionWaitEvent;
import dev.poolscope.format.event.HikariPoolEvent;
import dev.poolscope.format.event.JdkFields;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RedisWaitEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.StatementEvent;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.format.event.WorkerPoolEvent;

/**
 * Evidence on the real lab app (Tomcat, real Postgres and Redis): Hikari pool of 2, 50 concurrent checkouts.
 * Every event the analysis relies on must be there with plausible values. With
 * {@code -Dpoolscope.fixture.dir=DIR} the run's files are also copied to DIR as the analysis' fixture.
 */
class StarvedPoolIT {
    private static final Path WORK = Path.of("target", "it", "starved-pool").toAbsolutePath();
    private static final String FIRST = "first-after-ready";

    @Test
    void aStarvedPoolLeavesEveryEventTheAnalysisNeeds() throws Exception {
        LabApp.Load load;
        int firstStatus;
        List<String> stderr;
        try (LabApp app = LabApp.start(WORK, "consoleInterval=2s", "--pool-size", "2", "--connection-timeout",
                "5000")) {
            // The agent starts JFR and async-profiler beside the host's main: the first request after the
            // ready line must still be recorded (below).
            HttpRequest first = checkout(app.base, 0).header("X-Request-Id", FIRST)
                    .timeout(Duration.ofSeconds(30)).build();
            firstStatus = HttpClient.newHttpClient().send(first, HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            load = app.drive(50, Duration.ofSeconds(5), "starved", StarvedPoolIT::checkout);
            assertEquals(0, app.stop() & ~(128 + 15), "app exits on SIGTERM");
            stderr = app.jvm.stderrLines();
        }
        Path agent = WORK.resolve("agent");
        Map<String, List<RecordedEvent>> ev = Recordings.byType(agent.resolve("recording.jfr"));
        long ok = load.count(200);
        assertTrue(ok >= 10, "some checkouts succeeded: " + load.statusById().values());

        // Request spans: one per request the server answered, with the ids the client sent.
        List<RecordedEvent> requests = ev.getOrDefault(RequestEvent.NAME, List.of());
        Map<String, RecordedEvent> byId = requests.stream()
                .collect(Collectors.toMap(e -> e.getString(RequestEvent.REQUEST_ID), e -> e, (a, b) -> a));
        for (Map.Entry<String, Integer> sent : load.statusById().entrySet()) {
            if (sent.getValue() == 0) {
                continue;
            }
            RecordedEvent span = byId.get(sent.getKey());
            assertTrue(span != null, "span for " + sent.getKey());
            assertEquals((int) sent.getValue(), span.getInt(RequestEvent.STATUS), sent.getKey());
            assertEquals("POST", span.getString(RequestEvent.METHOD));
            assertEquals("/api/checkout", span.getString(RequestEvent.URI));
            assertEquals("tomcat", span.getString(RequestEvent.SERVER));
            assertTrue(span.getThread().getJavaName().contains("exec"), span.getThread().getJavaName());
        }
        // The first request after the ready line: its span is there, the recording and async-profiler ran before
        // it began, and no request began before the recording ran.
        assertEquals(200, firstStatus);
        RecordedEvent firstSpan = byId.get(FIRST);
        assertTrue(firstSpan != null, "the first request after ready is recorded");
        assertEquals(200, firstSpan.getInt(RequestEvent.STATUS));
        String meta = Files.readString(agent.resolve("metadata.json"));
        long firstBegan = firstSpan.getStartTime().toEpochMilli();
        assertTrue(epochMillis(meta, "\"recordingStartEpochMillis\": ") <= firstBegan, meta);
        assertTrue(
                epochMillis(meta,
                        "\"events\": \"ctimer,wall\", \"error\": null, \"startEpochMillis\": ") <= firstBegan,
                meta);
        assertTrue(meta.contains("\"requestsBeforeRecording\": 0,"), meta);

        // The serving thread's own CPU and run delay, read inside the span: both fit in it, together too.
        for (RecordedEvent span : requests) {
            long duration = span.getDuration().toNanos();
            long cpu = span.getLong(RequestEvent.CPU_NANOS);
            long runDelay = span.getLong(RequestEvent.RUN_DELAY_NANOS);
            String what = span.getString(RequestEvent.REQUEST_ID) + ": cpu " + cpu + " run delay " + runDelay
                    + " in "
                    + duration + " ns";
            assertTrue(cpu >= 0 && cpu <= duration, what);
            assertTrue(runDelay >= 0 && runDelay <= duration, what);
            assertTrue(cpu + runDelay <= duration + 1_000_000L, what);
        }
        assertTrue(requests.stream().filter(e -> e.getLong(RequestEvent.CPU_NANOS) > 0).count() >= ok,
                "a checkout parses JSON and runs JPA on its thread: CPU is seen in every span that succeeded");

        // Connection waits: threads really waited, and saw others waiting.
        List<RecordedEvent> waits = ev.getOrDefault(ConnectionWaitEvent.NAME, List.of());
        assertTrue(waits.stream().anyMatch(e -> e.getDuration().toMillis() > 100), "long waits");
        assertTrue(waits.stream().anyMatch(e -> e.getInt(ConnectionWaitEvent.WAITING) > 0),
                "waiting > 0 seen at getConnection");
        assertTrue(
                waits.stream().allMatch(e -> e.getString(ConnectionWaitEvent.POOL).equals("HikariPool-1")));
        assertTrue(waits.stream().allMatch(
                e -> e.getInt(ConnectionWaitEvent.TOTAL) <= 2 && e.getInt(ConnectionWaitEvent.ACTIVE) <= 2));
        Set<String> borrowed = waits.stream().filter(e -> e.getBoolean(ConnectionWaitEvent.SUCCESS))
                .map(e -> e.getString(ConnectionWaitEvent.CONNECTION_ID)).collect(Collectors.toSet());
        assertTrue(borrowed.size() >= 1 && borrowed.size() <= 4,
                "at most a handful of physical connections: " + borrowed);

        // Holds: one per successful borrow, on connections the waits handed out.
        List<RecordedEvent> holds = ev.getOrDefault(ConnectionHoldEvent.NAME, List.of());
        long successfulWaits = waits.stream().filter(e -> e.getBoolean(ConnectionWaitEvent.SUCCESS)).count();
        assertTrue(holds.size() >= ok, holds.size() + " holds for " + ok + " successful checkouts");
        assertTrue(Math.abs(holds.size() - successfulWaits) <= 2,
                holds.size() + " holds vs " + successfulWaits);
        assertTrue(holds.stream()
                .allMatch(e -> borrowed.contains(e.getString(ConnectionHoldEvent.CONNECTION_ID))));
        assertTrue(holds.stream().anyMatch(e -> e.getInt(ConnectionHoldEvent.WAITING) > 0),
                "others waiting while a hold ended");

        // Statements (Hibernate over HikariCP over PgJDBC): on the workers, inside a hold of their connection; the
        // checkout's 100 ms of pg_sleep is that statement's own time, once per checkout that got a connection.
        List<RecordedEvent> statements = ev.getOrDefault(StatementEvent.NAME, List.of()).stream()
                .filter(e -> e.getThread().getJavaName().contains("exec")).toList();
        List<RecordedEvent> sleeps = statements.stream()
                .filter(e -> e.getString(StatementEvent.SQL).equals("select ? from pg_sleep(?)")).toList();
        assertTrue(sleeps.size() >= ok && sleeps.size() <= successfulWaits, sleeps.size() + " sleeps, " + ok
                + " ok, texts: "
                + statements.stream().map(e -> e.getString(StatementEvent.SQL)).distinct().toList());
        assertTrue(sleeps.stream().allMatch(e -> e.getDuration().toMillis() >= 100
                && e.getString(StatementEvent.KIND).equals(StatementEvent.KIND_EXECUTE_QUERY)));
        assertTrue(statements.stream().anyMatch(e -> e.getString(StatementEvent.KIND)
                .equals(StatementEvent.KIND_EXECUTE_UPDATE) && e.getLong(StatementEvent.ROWS) == 1),
                "the stock update and the order insert say one row each");
        for (RecordedEvent st : statements) {
            assertTrue(
                    holds.stream()
                            .anyMatch(h -> h.getThread().getJavaThreadId() == st.getThread().getJavaThreadId()
                                    && h.getString(ConnectionHoldEvent.CONNECTION_ID)
                                            .equals(st.getString(StatementEvent.CONNECTION_ID))
                                    && !h.getStartTime().isAfter(st.getStartTime())
                                    && !h.getEndTime().isBefore(st.getEndTime())),
                    "in a hold of its thread and connection: " + st.getString(StatementEvent.SQL));
        }

        // Redis: round trips completed on Lettuce's event loop for commands dispatched by workers, and waits.
        Set<Long> workerIds = requests.stream().map(e -> e.getThread().getJavaThreadId())
                .collect(Collectors.toSet());
        List<RecordedEvent> trips = ev.getOrDefault(RedisRoundTripEvent.NAME, List.of());
        assertTrue(trips.size() >= ok, trips.size() + " round trips");
        assertTrue(trips.stream()
                .anyMatch(e -> workerIds.contains(e.getLong(RedisRoundTripEvent.CALLER_THREAD_ID))));
        assertTrue(trips.stream().allMatch(e -> e.getThread().getJavaName().startsWith("lettuce")),
                "round trips end on the event loop");
        Set<String> commands = trips.stream().map(e -> e.getString(RedisRoundTripEvent.COMMAND))
                .collect(Collectors.toSet());
        assertTrue(commands.contains("GET") && commands.contains("SET"), commands.toString());
        List<RecordedEvent> redisWaits = ev.getOrDefault(RedisWaitEvent.NAME, List.of());
        assertTrue(redisWaits.stream().anyMatch(e -> workerIds.contains(e.getThread().getJavaThreadId())));

        // Gauges.
        List<RecordedEvent> workers = ev.getOrDefault(WorkerPoolEvent.NAME, List.of());
        assertTrue(workers.stream()
                .anyMatch(e -> e.getString(WorkerPoolEvent.SERVER).equals("tomcat")
                        && e.getInt(WorkerPoolEvent.MAX) == 200
                        && e.getInt(WorkerPoolEvent.BUSY) >= 10),
                "workers busy under load");
        List<RecordedEvent> hikari = ev.getOrDefault(HikariPoolEvent.NAME, List.of());
        assertTrue(hikari.stream().allMatch(e -> e.getInt(HikariPoolEvent.MAX) == 2));
        assertTrue(
                hikari.stream().anyMatch(
                        e -> e.getInt(HikariPoolEvent.ACTIVE) == 2 && e.getInt(HikariPoolEvent.WAITING) > 10),
                "a starved pool: all active, many waiting");

        // Scheduler statistics per worker, keyed to JFR's own idea of the thread.
        List<RecordedEvent> sched = ev.getOrDefault(ThreadSchedStatEvent.NAME, List.of());
        Map<Long, Long> osIdByJavaId = new HashMap<>();
        for (RecordedEvent e : requests) {
            osIdByJavaId.put(e.getThread().getJavaThreadId(), e.getThread().getOSThreadId());
        }
        Set<Long> sampledWorkers = new HashSet<>();
        for (RecordedEvent e : sched) {
            Long os = osIdByJavaId.get(e.getLong(ThreadSchedStatEvent.JAVA_THREAD_ID));
            if (os != null) {
                assertEquals((long) os, e.getLong(ThreadSchedStatEvent.OS_THREAD_ID),
                        "tid matches JFR's for " + e.getString(ThreadSchedStatEvent.THREAD_NAME));
                sampledWorkers.add(e.getLong(ThreadSchedStatEvent.JAVA_THREAD_ID));
            }
            // A tracked thread has run code; it may not have blocked yet. No counter is ever missing (-1).
            assertTrue(e.getLong(ThreadSchedStatEvent.CPU_NANOS) > 0
                    && e.getLong(ThreadSchedStatEvent.VOLUNTARY_SWITCHES) >= 0
                    && e.getLong(ThreadSchedStatEvent.INVOLUNTARY_SWITCHES) >= 0
                    && e.getLong(ThreadSchedStatEvent.RUN_DELAY_NANOS) >= 0
                    && e.getLong(ThreadSchedStatEvent.TIMESLICES) >= 0, e::toString);
        }
        assertTrue(
                sched.stream()
                        .anyMatch(e -> sampledWorkers.contains(e.getLong(ThreadSchedStatEvent.JAVA_THREAD_ID))
                                && e.getLong(ThreadSchedStatEvent.VOLUNTARY_SWITCHES) > 0),
                "workers that parked on the pool say so");
        assertTrue(sampledWorkers.size() >= 10, "workers sampled: " + sampledWorkers.size());
        assertTrue(
                sched.stream()
                        .anyMatch(e -> e.getString(ThreadSchedStatEvent.THREAD_NAME).startsWith("lettuce")),
                "event loop sampled");

        // JDK events.
        for (String type : List.of(JdkTypes.THREAD_PARK, JdkTypes.EXECUTION_SAMPLE, JdkTypes.CPU_LOAD,
                JdkTypes.THREAD_CPU_LOAD,
                JdkTypes.JAVA_THREAD_STATISTICS, JdkTypes.THREAD_START, AgentStatusEvent.NAME,
                JdkTypes.JVM_INFORMATION,
                JdkTypes.CLASS_LOADING_STATISTICS, JdkTypes.GC_HEAP_MEMORY_USAGE,
                JdkTypes.RESIDENT_SET_SIZE)) {
            assertTrue(ev.containsKey(type), type);
        }
        assertTrue(
                ev.get(AgentStatusEvent.NAME).stream()
                        .allMatch(e -> e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS) == 0),
                "no errors suppressed");
        assertTrue(
                ev.get(AgentStatusEvent.NAME).stream()
                        .allMatch(e -> e.getLong(AgentStatusEvent.REQUESTS_BEFORE_RECORDING) == 0),
                "no request began before the recording ran");

        // async-profiler's own file, readable by the JDK's parser.
        Path asprof = agent.resolve("async-profiler.jfr");
        Map<String, List<RecordedEvent>> samples = Recordings.byType(asprof);
        assertTrue(samples.getOrDefault(JdkTypes.EXECUTION_SAMPLE, List.of()).size() > 20,
                "async-profiler cpu samples: " + samples.keySet());
        assertTrue(samples.getOrDefault(JdkTypes.PROFILER_WALL_CLOCK_SAMPLE, List.of()).size() > 100,
                "async-profiler wall samples: " + samples.keySet());
        // wallThreads=requests (the default): the wall sampler saw only threads that served a request, and the
        // Redis client's event loop; not Tomcat's poller, Hikari's housekeeper or the JVM's own threads.
        Set<Long> requestThreads = requests.stream().map(e -> e.getThread().getJavaThreadId())
                .collect(Collectors.toSet());
        Map<String, Long> wallByThread = samples.get(JdkTypes.PROFILER_WALL_CLOCK_SAMPLE).stream()
                .map(e -> e.getThread(JdkFields.SAMPLED_THREAD))
                .filter(t -> !requestThreads.contains(t.getJavaThreadId()))
                .collect(Collectors.groupingBy(t -> String.valueOf(t.getJavaName()), Collectors.counting()));
        assertTrue(wallByThread.keySet().stream().allMatch(n -> n.startsWith("lettuce-")),
                "wall samples of threads outside requests: " + wallByThread);
        assertTrue(wallByThread.keySet().stream().anyMatch(n -> n.startsWith("lettuce-")),
                "the Redis event loop is wall-sampled: " + wallByThread);

        String metadata = Files.readString(agent.resolve("metadata.json"));
        assertTrue(metadata.contains(
                "\"server\": { \"type\": \"tomcat\", \"maxThreads\": 200, \"virtualThreads\": false, \"eventLoops\": null }"),
                metadata);
        assertTrue(metadata.contains(
                "{ \"name\": \"HikariPool-1\", \"maximumPoolSize\": 2, \"connectionTimeoutMs\": 5000 }"),
                metadata);
        assertTrue(metadata.contains("\"suppressedErrors\": 0"), metadata);
        assertFalse(metadata.contains("\"endEpochMillis\": null"), metadata);
        assertTrue(stderr.stream().anyMatch(l -> l.startsWith("[poolscope-agent] ") && l.contains("req/s")
                && l.contains("hikari active")), "live console line");

        copyFixture(agent);
    }

    /** The number after {@code key} in metadata.json; fails when it is null or missing. */
    private static long epochMillis(String metadata, String key) {
        Matcher m = Pattern.compile(Pattern.quote(key) + "(\\d+)").matcher(metadata);
        assertTrue(m.find(), key + " with a time in " + metadata);
        return Long.parseLong(m.group(1));
    }

    static HttpRequest.Builder checkout(URI base, int n) {
        String body = "{\"userId\":" + (1 + n % 50) + ",\"productId\":" + (1 + n % 1000) + ",\"quantity\":1}";
        return HttpRequest.newBuilder(base.resolve("/api/checkout"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private static void copyFixture(Path agent) throws Exception {
        String target = System.getProperty("poolscope.fixture.dir", "");
        if (target.isBlank()) {
            return;
        }
        Path dir = Path.of(target);
        Files.createDirectories(dir);
        for (String f : List.of("recording.jfr", "metadata.json", "async-profiler.jfr")) {
            // The fixture stays small (< 2 MB in all): async-profiler's file only when it is.
            if (!f.equals("async-profiler.jfr") || Files.size(agent.resolve(f)) < 512 * 1024) {
                Files.copy(agent.resolve(f), dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
