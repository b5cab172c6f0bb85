package dev.poolscope.app.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.function.Supplier;

/** A real HTTP client against the lab app under test, on either stack. */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private final String base;
    private final Duration timeout;
    private final Supplier<String> serverState;

    /** Two minutes per request: long enough for any request of the tests on a loaded machine. */
    public Http(int port) {
        this(port, Duration.ofSeconds(120), () -> "");
    }

    /** {@code serverState} says what the server was doing when a request timed out (the one thing a hang needs). */
    public Http(int port, Duration timeout, Supplier<String> serverState) {
        this.base = "http://127.0.0.1:" + port;
        this.timeout = timeout;
        this.serverState = serverState;
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    public HttpResponse<String> post(String path, String json) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path));
        if (json == null) {
            builder.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            builder.header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json));
        }
        return send(builder);
    }

    public HttpResponse<String> send(HttpRequest.Builder builder) {
        HttpRequest request = builder.timeout(timeout).build();
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            // CI once saw one request hang on a kept-alive connection. The server's state tells whether the app
            // hung; the same request on a new connection tells whether only that connection did. A hung app
            // still fails the test.
            String state = state();
            System.err.printf("%s %s timed out after %d s on a pooled connection; server state: %s%n",
                    request.method(), request.uri(), timeout.toSeconds(), state);
            try (HttpClient fresh = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                return fresh.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (HttpTimeoutException again) {
                throw new UncheckedIOException(again.getMessage()
                        + " (also on a new connection); server state: " + state(), again);
            } catch (IOException again) {
                throw new UncheckedIOException(again);
            } catch (InterruptedException again) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(again);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private String state() {
        try {
            return serverState.get();
        } catch (RuntimeException diagnosisFailed) {
            return "(could not read the server's state: " + diagnosisFailed + ")";
        }
    }
}
