package dev.poolscope.cli;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/** A few client loops reading products back to back, each request's send time and status kept. */
final class SteadyLoad implements AutoCloseable {
    record Sent(long epochMs, int status) {
    }

    private final ConcurrentLinkedQueue<Sent> sent = new ConcurrentLinkedQueue<>();
    private final List<Thread> loops = new ArrayList<>();
    private volatile boolean running = true;

    SteadyLoad(String url, int loops) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        for (int l = 0; l < loops; l++) {
            int offset = l;
            this.loops.add(Thread.ofPlatform().daemon().name("steady-load-" + l).start(() -> {
                for (int n = offset; running; n += loops) {
                    long at = System.currentTimeMillis();
                    int status;
                    try {
                        status = client.send(
                                HttpRequest.newBuilder(URI.create(url + "/api/products/" + (1 + n % 500)))
                                        .timeout(Duration.ofSeconds(30)).build(),
                                HttpResponse.BodyHandlers.discarding())
                                .statusCode();
                    } catch (Exception e) {
                        status = 0;
                    }
                    sent.add(new Sent(at, status));
                }
            }));
        }
    }

    void awaitSent(int count) throws InterruptedException {
        awaitSentAfter(0, count);
    }

    void awaitSentAfter(long epochMs, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (sentBetween(epochMs, Long.MAX_VALUE) < count && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }

    long sentBetween(long fromMs, long toMs) {
        return sent.stream().filter(s -> s.epochMs() >= fromMs && s.epochMs() < toMs).count();
    }

    List<Sent> failures() {
        return sent.stream().filter(s -> s.status() != 200).toList();
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        for (Thread t : loops) {
            t.join(35_000);
        }
    }
}
