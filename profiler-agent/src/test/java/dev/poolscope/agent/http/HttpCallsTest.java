package dev.poolscope.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;

import dev.poolscope.format.event.HttpCallEvent;

/**
 * The levels of one call on a real JFR recording, without a client: nested blocking levels are one event named by the
 * outermost, with what the inner ones saw; an asynchronous call is committed where it completes.
 */
class HttpCallsTest {
    private static final String TARGET = "http://127.0.0.1:9001";

    @Test
    void nestedLevelsAreOneEventOfTheOutermostWithTheInnerStatus() throws Exception {
        List<RecordedEvent> events = record(() -> {
            Object restClient = HttpCalls.enter(HttpCallEvent.CLIENT_REST_CLIENT);
            Object request = HttpCalls.enter(HttpCallEvent.CLIENT_SPRING);
            Object send = HttpCalls.enter(HttpCallEvent.CLIENT_JDK);
            assertEquals(3, HttpCalls.depth());
            HttpCalls.exit(send, TARGET, "POST", 201, null);
            HttpCalls.exit(request, TARGET, "POST", 201, null);
            HttpCalls.exit(restClient, null, null, HttpCallEvent.NO_STATUS, null);
            assertEquals(0, HttpCalls.depth());
        });
        assertEquals(1, events.size(), events.toString());
        RecordedEvent e = events.get(0);
        assertEquals(HttpCallEvent.CLIENT_REST_CLIENT, e.getString(HttpCallEvent.CLIENT));
        assertEquals(TARGET, e.getString(HttpCallEvent.TARGET));
        assertEquals("POST", e.getString(HttpCallEvent.METHOD));
        assertEquals(201, e.getInt(HttpCallEvent.STATUS));
        assertTrue(e.getBoolean(HttpCallEvent.BLOCKING));
        assertFalse(e.getBoolean(HttpCallEvent.FAILED));
        assertEquals("", e.getString(HttpCallEvent.ERROR));
        assertEquals(Thread.currentThread().threadId(), e.getLong(HttpCallEvent.CALLER_THREAD_ID));
        assertEquals(Thread.currentThread().threadId(), e.getThread().getJavaThreadId());
        assertEquals(0, e.getInt(HttpCallEvent.CONNECTIONS_HELD));
    }

    @Test
    void aFailureIsNamedByTheInnermostExceptionTheLevelsSaw() throws Exception {
        List<RecordedEvent> events = record(() -> {
            Object outer = HttpCalls.enter(HttpCallEvent.CLIENT_REST_TEMPLATE);
            Object inner = HttpCalls.enter(HttpCallEvent.CLIENT_JDK);
            ConnectException refused = new ConnectException("refused");
            HttpCalls.exit(inner, TARGET, "GET", HttpCallEvent.NO_STATUS, refused);
            HttpCalls.exit(outer, TARGET, "GET", HttpCallEvent.NO_STATUS,
                    new IllegalStateException("wrapped", refused));
        });
        assertEquals(1, events.size(), events.toString());
        RecordedEvent e = events.get(0);
        assertTrue(e.getBoolean(HttpCallEvent.FAILED));
        assertEquals(HttpCallEvent.NO_STATUS, e.getInt(HttpCallEvent.STATUS));
        assertEquals("ConnectException", e.getString(HttpCallEvent.ERROR));
    }

    @Test
    void anAsynchronousCallIsCommittedWhereItCompletesAndNamesItsCaller() throws Exception {
        long caller = Thread.currentThread().threadId();
        long[] completer = new long[1];
        List<RecordedEvent> events = record(() -> {
            Object call = HttpCalls.beginAsync(HttpCallEvent.CLIENT_JDK, null);
            Thread t = new Thread(() -> {
                completer[0] = Thread.currentThread().threadId();
                HttpCalls.endAsync(call, TARGET, "GET", 503,
                        new CompletionException(new IOException("reset")));
            });
            t.start();
            join(t);
        });
        assertEquals(1, events.size(), events.toString());
        RecordedEvent e = events.get(0);
        assertFalse(e.getBoolean(HttpCallEvent.BLOCKING));
        assertEquals(caller, e.getLong(HttpCallEvent.CALLER_THREAD_ID));
        assertEquals(completer[0], e.getThread().getJavaThreadId());
        assertEquals(503, e.getInt(HttpCallEvent.STATUS));
        assertEquals("IOException", e.getString(HttpCallEvent.ERROR), "unwrapped from the future's wrapper");
    }

    @Test
    void anAsynchronousCallInsideABlockingOneIsPartOfIt() throws Exception {
        List<RecordedEvent> events = record(() -> {
            Object outer = HttpCalls.enter(HttpCallEvent.CLIENT_REST_CLIENT);
            assertNull(HttpCalls.beginAsync(HttpCallEvent.CLIENT_REACTOR_NETTY, null));
            HttpCalls.exit(outer, TARGET, "GET", 200, null);
        });
        assertEquals(List.of(HttpCallEvent.CLIENT_REST_CLIENT),
                events.stream().map(e -> e.getString(HttpCallEvent.CLIENT)).toList());
    }

    @Test
    void aCallWithoutATargetIsNotRecordedAndLeavesTheThreadClean() throws Exception {
        List<RecordedEvent> events = record(() -> {
            Object call = HttpCalls.enter(HttpCallEvent.CLIENT_OKHTTP);
            HttpCalls.exit(call, null, "GET", 200, null);
            assertEquals(0, HttpCalls.depth());
            Object next = HttpCalls.enter(HttpCallEvent.CLIENT_OKHTTP);
            HttpCalls.exit(next, TARGET, "GET", 204, null);
        });
        assertEquals(List.of(204), events.stream().map(e -> e.getInt(HttpCallEvent.STATUS)).toList());
    }

    private static List<RecordedEvent> record(Runnable calls) throws IOException {
        HttpCalls.register();
        Path file = Files.createTempFile("http-calls", ".jfr");
        try (Recording r = new Recording()) {
            r.enable(HttpCallEvent.class).withThreshold(Duration.ZERO).withoutStackTrace();
            r.start();
            calls.run();
            r.stop();
            r.dump(file);
        }
        try {
            return RecordingFile.readAllEvents(file).stream()
                    .filter(e -> e.getEventType().getName().equals(HttpCallEvent.NAME)).toList();
        } finally {
            Files.delete(file);
        }
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
