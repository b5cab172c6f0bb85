package dev.poolscope.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordedEvent;

import org.junit.jupiter.api.Test;

import dev.poolscope.format.event.AgentStatusEvent;
import dev.poolscope.format.event.HttpCallEvent;

/**
 * Every HTTP client the agent hooks, for real, in one JVM with the agent ({@link HttpClientsHost}): one event per call
 * the host made, named by the API it called, with the target, status and a duration that covers the server's delay;
 * no second event where one client runs over another.
 */
class HttpClientsIT {
    private static final Path WORK = Path.of("target", "it", "http-clients").toAbsolutePath();

    @Test
    void eachClientsCallIsOneEventWithItsTargetStatusAndWait() throws Exception {
        JvmProcess.clean(WORK);
        Path out = WORK.resolve("agent");
        String mainThread;
        String target;
        try (JvmProcess p = JvmProcess.start(WORK,
                JvmProcess.javaWithAgent("out=" + out + ",asprof=false", "-cp",
                        hostClassPath(), HttpClientsHost.class.getName()))) {
            String server = p.awaitStdout("server (\\S+ main thread \\d+)", Duration.ofSeconds(60));
            target = server.substring(0, server.indexOf(' '));
            mainThread = server.substring(server.lastIndexOf(' ') + 1);
            p.awaitStdout("^done", Duration.ofSeconds(120));
            assertEquals(0, p.awaitExit(Duration.ofSeconds(60)), JvmProcess.tail(p.stderr));
            assertFalse(Files.readString(p.stderr).contains("not hooked"), JvmProcess.tail(p.stderr));
        }
        Map<String, List<RecordedEvent>> events = Recordings.byType(out.resolve("recording.jfr"));
        assertTrue(events.get(AgentStatusEvent.NAME).stream()
                .allMatch(e -> e.getLong(AgentStatusEvent.SUPPRESSED_ERRORS) == 0), "no hook failed");
        List<RecordedEvent> calls = new ArrayList<>(events.getOrDefault(HttpCallEvent.NAME, List.of()));
        calls.sort(Comparator.comparing(RecordedEvent::getStartTime));
        String seen = calls.stream().map(e -> e.getString(HttpCallEvent.CLIENT) + " "
                + e.getInt(HttpCallEvent.STATUS) + " " + e.getString(HttpCallEvent.TARGET))
                .collect(Collectors.joining("\n"));
        assertEquals(List.of("jdk", "jdk", "resttemplate", "restclient", "apache4", "apache5", "okhttp",
                "reactor-netty", "jdk", "resttemplate", "jdk", "jdk"),
                calls.stream().map(e -> e.getString(HttpCallEvent.CLIENT)).toList(), seen);
        assertEquals(List.of(200, 201, 404, 202, 203, 206, 500, 200, -1, 200, 207, 208),
                calls.stream().map(e -> e.getInt(HttpCallEvent.STATUS)).toList(), seen);
        assertEquals(
                List.of(false, false, true, false, false, false, false, false, true, false, false, false),
                calls.stream().map(e -> e.getBoolean(HttpCallEvent.FAILED)).toList(), seen);
        assertEquals(
                List.of("GET", "POST", "GET", "GET", "GET", "GET", "GET", "GET", "GET", "GET", "GET", "GET"),
                calls.stream().map(e -> e.getString(HttpCallEvent.METHOD)).toList(), seen);
        Map<Boolean, List<RecordedEvent>> byBlocking = calls.stream()
                .collect(Collectors.partitioningBy(e -> e.getBoolean(HttpCallEvent.BLOCKING)));
        assertEquals(List.of("jdk", "reactor-netty"), byBlocking.get(false).stream()
                .map(e -> e.getString(HttpCallEvent.CLIENT)).toList(), seen);
        for (RecordedEvent e : calls) {
            String what = e.getString(HttpCallEvent.CLIENT) + " " + e.getInt(HttpCallEvent.STATUS);
            assertEquals(mainThread, String.valueOf(e.getLong(HttpCallEvent.CALLER_THREAD_ID)), what);
            assertEquals("", e.getString(HttpCallEvent.REQUEST_ID), what);
            if (e.getBoolean(HttpCallEvent.BLOCKING)) {
                // Committed on the thread that waited.
                assertEquals(mainThread, String.valueOf(e.getThread().getJavaThreadId()), what);
            }
            if (e.getInt(HttpCallEvent.STATUS) > 0) {
                assertEquals(target, e.getString(HttpCallEvent.TARGET), what);
                assertTrue(e.getDuration().toMillis() >= HttpClientsHost.DELAY_MS,
                        what + ": " + e.getDuration());
            }
        }
        RecordedEvent refused = calls.get(8);
        assertTrue(refused.getString(HttpCallEvent.TARGET).matches("http://127\\.0\\.0\\.1:\\d+"),
                refused.getString(HttpCallEvent.TARGET));
        assertEquals("ConnectException", refused.getString(HttpCallEvent.ERROR));
        assertEquals("HttpClientErrorException$NotFound", calls.get(2).getString(HttpCallEvent.ERROR), seen);
        // Only the call made while the thread held its pooled connection is inside a hold.
        assertEquals(List.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0),
                calls.stream().map(e -> e.getInt(HttpCallEvent.CONNECTIONS_HELD)).toList(), seen);
    }

    /** The test class path without the agent's own classes and what it shades: the agent jar brings those. */
    static String hostClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.endsWith(File.separator + "classes") && !e.contains("byte-buddy")
                        && !e.contains("poolscope-"))
                .collect(Collectors.joining(File.pathSeparator));
    }
}
