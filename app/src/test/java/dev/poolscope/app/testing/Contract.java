package dev.poolscope.app.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.data.redis.core.StringRedisTemplate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.app.workload.Spin;

/**
 * What every lab app serves, on either stack and any server, stated once: each servlet server configuration and the
 * reactive app call these against their own live app (real PostgreSQL and Redis underneath), so the two cannot drift
 * apart unnoticed.
 */
public final class Contract {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Contract() {
    }

    public static JsonNode json(HttpResponse<String> response) {
        try {
            return JSON.readTree(response.body());
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + response.body(), e);
        }
    }

    public static void pingEchoesARequestId(Http http) {
        HttpResponse<String> r = http.get("/api/ping");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r).get("reply").asText()).isEqualTo("pong");
        assertThat(r.headers().firstValue("X-Request-Id")).isPresent();
    }

    public static void sleepTakesTheAskedTime(Http http) {
        long start = System.nanoTime();
        HttpResponse<String> r = http.get("/api/sleep?ms=200");
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r).get("sleptMs").asInt()).isEqualTo(200);
        assertThat(ms).isGreaterThanOrEqualTo(200);
    }

    public static void cpuReturnsTheLoopResult(Http http) {
        HttpResponse<String> r = http.get("/api/cpu?iterations=1000");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r).get("result").asLong()).isEqualTo(Spin.run(1000));
    }

    public static void productIsReadFromTheDatabaseThenFromTheCache(Http http, StringRedisTemplate redis) {
        HttpResponse<String> first = http.get("/api/products/77");
        HttpResponse<String> second = http.get("/api/products/77");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(json(first).get("name").asText()).isEqualTo("Product 77");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(redis.hasKey("product:77")).isTrue();
    }

    /** The launcher's --prime-cache: the whole catalogue into Redis in one call, each entry as a read would put it. */
    public static void cacheFillPutsEveryProductInRedis(Http http, StringRedisTemplate redis) {
        redis.delete("product:9999");
        HttpResponse<String> r = http.post("/api/products/cache", null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r).get("cached").asLong()).isEqualTo(10_000);
        assertThat(redis.opsForValue().get("product:9999")).isEqualTo(http.get("/api/products/9999").body());
        assertThat(redis.getExpire("product:9999")).isPositive();
    }

    public static void reserveTakesOneFromStock(Http http) {
        HttpResponse<String> before = http.post("/api/stock/500/reserve", null);
        HttpResponse<String> after = http.post("/api/stock/500/reserve", null);
        assertThat(before.statusCode()).isEqualTo(200);
        assertThat(json(after).get("remaining").asInt()).isEqualTo(json(before).get("remaining").asInt() - 1);
    }

    public static void checkoutPlacesAnOrderAndWritesTheSession(Http http, StringRedisTemplate redis) {
        HttpResponse<String> r = http.post("/api/checkout",
                "{\"userId\":4242,\"productId\":12,\"quantity\":2}");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = json(r);
        assertThat(body.get("orderId").asLong()).isPositive();
        assertThat(body.get("quantity").asInt()).isEqualTo(2);
        assertThat(body.get("total").decimalValue()).isEqualByComparingTo("98.80");
        assertThat(redis.opsForValue().get("session:4242"))
                .contains("\"lastOrderId\":" + body.get("orderId").asLong());
    }

    /**
     * Seed 002's lock workload: {@code buyers} concurrent reservations of one product, all let go at once; the count
     * of each status code. Exactly as many sales as the stock held is the invariant the callers check.
     */
    public static Map<Integer, Long> buyAtOnce(Http http, long product, int buyers)
            throws InterruptedException, ExecutionException {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> statuses = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < buyers; i++) {
                statuses.add(pool.submit(() -> {
                    go.await();
                    return http.post("/api/stock/" + product + "/reserve", null).statusCode();
                }));
            }
            go.countDown();
        }
        List<Integer> codes = new ArrayList<>();
        for (Future<Integer> f : statuses) {
            codes.add(f.get());
        }
        return codes.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }

    /** A refusal: problem+json with the status, and the detail unless it is null (the framework's own wording). */
    public static void assertProblem(HttpResponse<String> r, int status, String detail) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        JsonNode body = json(r);
        assertThat(body.get("status").asInt()).isEqualTo(status);
        if (detail != null) {
            assertThat(body.get("detail").asText()).isEqualTo(detail);
        }
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    /** A lost database: 503 problem+json that says so, with Retry-After, and no stack trace. */
    public static void assertDatabaseUnavailable(HttpResponse<String> r) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/problem+json"));
        assertThat(r.body()).contains("Database unavailable").doesNotContain("\tat ");
        assertThat(r.headers().firstValue("Retry-After")).contains("1");
    }
}
