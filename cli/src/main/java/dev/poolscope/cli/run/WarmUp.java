package dev.poolscope.cli.run;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Brings the app towards its steady state before the measured load: optionally the whole catalogue is put in Redis
 * first, in one call to the lab app (read at random, a cold cache takes minutes of load to fill); then {@code seconds}
 * of every kind of request at low concurrency for the JIT and the pools. Its requests carry ids starting with
 * {@code warmup-}.
 */
final class WarmUp {
    /** The lab app's catalogue: product ids 1 to 10,000 (its Flyway seed). */
    static final int PRODUCTS = 10_000;
    private static final Duration PRIMING_LIMIT = Duration.ofMinutes(2);

    /** What the warm-up did: products put in the cache, and requests sent (the cache fill is one). */
    record Result(long primed, long requests) {
    }

    private WarmUp() {
    }

    static Result run(String baseUrl, boolean prime, int seconds, int concurrency)
            throws InterruptedException {
        if (!prime && seconds <= 0) {
            return new Result(0, 0);
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        try (client) {
            // Not bounded by --warmup: a slow machine still gets a full cache. The limit only stops an app that hangs.
            long primed = prime ? fill(client, baseUrl) : 0;
            long mixed = seconds <= 0
                    ? 0
                    : drive(client, concurrency, System.nanoTime() + seconds * 1_000_000_000L,
                            n -> mixed(baseUrl, PRODUCTS + n));
            return new Result(primed, (prime ? 1 : 0) + mixed);
        }
    }

    /**
     * The lab app puts every product in Redis ({@code POST /api/products/cache}, pipelined: about a second for the
     * 10,000, where reading each through HTTP took 17 s on 2 cores); how many it cached, 0 when it failed (the measured
     * run then starts on a colder cache, and shows it).
     */
    private static long fill(HttpClient client, String baseUrl) throws InterruptedException {
        HttpRequest fill = request(baseUrl + "/api/products/cache", 0).timeout(PRIMING_LIMIT)
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        try {
            HttpResponse<String> r = client.send(fill, HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? JSON.readTree(r.body()).path("cached").asLong(0) : 0;
        } catch (java.io.IOException e) {
            // A body that is not JSON too: the count stays 0 and run.json says so.
            return 0;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Sends requests 1, 2, ... from {@code concurrency} threads until the deadline; how many were sent. */
    private static long drive(HttpClient client, int concurrency, long deadlineNanos,
            LongFunction<HttpRequest> request) {
        AtomicLong next = new AtomicLong();
        try (ExecutorService workers = Executors.newFixedThreadPool(concurrency)) {
            for (int w = 0; w < concurrency; w++) {
                workers.submit(() -> {
                    while (System.nanoTime() < deadlineNanos && !Thread.currentThread().isInterrupted()) {
                        try {
                            client.send(request.apply(next.incrementAndGet()),
                                    HttpResponse.BodyHandlers.discarding());
                        } catch (java.io.IOException e) {
                            // Warm-up failures show up again, and are counted, in the measured run.
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                });
            }
        }
        return next.get();
    }

    private static HttpRequest.Builder request(String url, long requestNumber) {
        return HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .header("X-Request-Id", "warmup-" + requestNumber);
    }

    private static HttpRequest product(String base, long requestNumber, long productId) {
        return request(base + "/api/products/" + productId, requestNumber).GET().build();
    }

    private static HttpRequest mixed(String base, long n) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return switch ((int) (n % 3)) {
            case 0 -> request(base + "/api/ping", n).GET().build();
            case 1 -> product(base, n, random.nextInt(1, PRODUCTS + 1));
            default -> request(base + "/api/checkout", n)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"userId\":" + random.nextInt(1, 100_001) + ",\"productId\":"
                                    + random.nextInt(1, PRODUCTS + 1) + "}"))
                    .build();
        };
    }
}
