package dev.poolscope.cli;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A few seconds of every kind of request at low concurrency, so the JIT, the pools and the caches are
 * warm before the measured load starts. Its requests carry ids starting with {@code warmup-}.
 */
final class WarmUp {

    private WarmUp() {
    }

    /** Returns how many requests were sent. */
    static long run(String baseUrl, int seconds, int concurrency) throws InterruptedException {
        if (seconds <= 0) {
            return 0;
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong sent = new AtomicLong();
        try (ExecutorService workers = Executors.newFixedThreadPool(concurrency)) {
            for (int w = 0; w < concurrency; w++) {
                workers.submit(() -> {
                    while (System.nanoTime() < end && !Thread.currentThread().isInterrupted()) {
                        long n = sent.incrementAndGet();
                        try {
                            client.send(request(baseUrl, n), HttpResponse.BodyHandlers.discarding());
                        } catch (java.io.IOException e) {
                            // Warm-up failures show up again, and are counted, in the measured run.
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                });
            }
        }
        client.close();
        return sent.get();
    }

    private static HttpRequest request(String base, long n) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        HttpRequest.Builder b = HttpRequest.newBuilder().timeout(Duration.ofSeconds(30))
                .header("X-Request-Id", "warmup-" + n);
        return switch ((int) (n % 3)) {
            case 0 -> b.uri(URI.create(base + "/api/ping")).GET().build();
            case 1 -> b.uri(URI.create(base + "/api/products/" + random.nextInt(1, 10_001))).GET().build();
            default -> b.uri(URI.create(base + "/api/checkout"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"userId\":" + random.nextInt(1, 100_001) + ",\"productId\":"
                                    + random.nextInt(1, 10_001) + "}"))
                    .build();
        };
    }
}
