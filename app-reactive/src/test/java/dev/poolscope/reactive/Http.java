package dev.poolscope.reactive;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.function.Supplier;

/** A real HTTP client against the app under test. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    private final String base;
    private final Supplier<String> onTimeout;

    Http(int port) {
        this(port, () -> "");
    }

    /** {@code onTimeout} says what the server was doing when a request timed out (the one thing a hang needs). */
    Http(int port, Supplier<String> onTimeout) {
        this.base = "http://127.0.0.1:" + port;
        this.onTimeout = onTimeout;
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    HttpResponse<String> post(String path, String json) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path));
        if (json == null) {
            builder.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            builder.header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(json));
        }
        return send(builder);
    }

    HttpResponse<String> send(HttpRequest.Builder builder) {
        HttpRequest request = builder.timeout(Duration.ofSeconds(30)).build();
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            // CI once saw one request hang on a kept-alive connection. The server's state tells whether the app
            // hung; the same request on a new connection tells whether only that connection did. A hung app
            // still fails the test.
            String state = state();
            System.err.printf("%s %s timed out after 30 s on a pooled connection; server state: %s%n",
                    request.method(), request.uri(), state);
            try (HttpClient fresh = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                return fresh.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (HttpTimeoutException again) {
                throw new java.io.UncheckedIOException(again.getMessage()
                        + " (also on a new connection); server state: " + state(), again);
            } catch (IOException again) {
                throw new java.io.UncheckedIOException(again);
            } catch (InterruptedException again) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(again);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private String state() {
        try {
            return onTimeout.get();
        } catch (RuntimeException diagnosisFailed) {
            return "(could not read the server's state: " + diagnosisFailed + ")";
        }
    }
}
