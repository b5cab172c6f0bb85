package dev.poolscope.analysis.browser;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The Chrome DevTools protocol over the JDK's own WebSocket client: commands with ids answered by futures, events
 * handed to listeners. One connection to the browser; pages are reached through flat sessions (a command's
 * {@code sessionId}), so no second socket is needed per page.
 */
final class DevTools implements AutoCloseable {
    static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<Consumer<JsonNode>> listeners = new CopyOnWriteArrayList<>();

    DevTools(URI browserSocket) throws IOException {
        try {
            socket = HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(TIMEOUT)
                    .buildAsync(browserSocket, new Receiver()).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new IOException("cannot reach Chromium's DevTools at " + browserSocket + ": " + e, e);
        }
    }

    /** Sends a command ({@code sessionId} null: to the browser) and waits for its result. */
    JsonNode call(String sessionId, String method, Map<String, ?> params) throws IOException {
        try {
            return send(sessionId, method, params).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(method + " interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException(
                    method + " failed: " + (e.getCause() != null ? e.getCause().getMessage() : e),
                    e);
        }
    }

    /** Sends a command without waiting: for answers given from inside an event listener. */
    CompletableFuture<JsonNode> send(String sessionId, String method, Map<String, ?> params) {
        int id = ids.incrementAndGet();
        ObjectNode m = JSON.createObjectNode();
        m.put("id", id);
        m.put("method", method);
        m.set("params", JSON.valueToTree(params));
        if (sessionId != null) {
            m.put("sessionId", sessionId);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        synchronized (socket) {
            // One message at a time: the WebSocket refuses a send while another is still in flight.
            socket.sendText(m.toString(), true).join();
        }
        return answer;
    }

    /** Every event ({@code method}, {@code params}, {@code sessionId}) from now on; called on the socket's thread. */
    void listen(Consumer<JsonNode> listener) {
        listeners.add(listener);
    }

    void unlisten(Consumer<JsonNode> listener) {
        listeners.remove(listener);
    }

    @Override
    public void close() {
        socket.abort();
        pending.values().forEach(f -> f.completeExceptionally(new IOException("DevTools connection closed")));
    }

    private final class Receiver implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                dispatch(text);
            }
            ws.request(1);
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            pending.values().forEach(f -> f.completeExceptionally(error));
        }

        private void dispatch(String text) {
            JsonNode m;
            try {
                m = JSON.readTree(text);
            } catch (IOException e) {
                return;
            }
            if (m.has("id")) {
                CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
                if (f == null) {
                    return;
                }
                if (m.has("error")) {
                    f.completeExceptionally(new IOException(m.get("error").toString()));
                } else {
                    f.complete(m.path("result"));
                }
            } else {
                listeners.forEach(l -> l.accept(m));
            }
        }
    }
}
