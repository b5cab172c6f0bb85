package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The six endpoints, as every server configuration must serve them (real PostgreSQL and Redis underneath). */
abstract class EndpointContract {

    static final ObjectMapper JSON = new ObjectMapper();

    @LocalServerPort
    int port;

    @Autowired
    ServletWebServerApplicationContext context;

    Http http() {
        return new Http(port);
    }

    static JsonNode json(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    abstract String expectedServer();

    abstract String expectedWorkers();

    @Test
    void runsOnTheChosenServerWithTheChosenWorkers() {
        assertThat(dev.poolscope.app.server.ServerInfo.name(context.getWebServer()))
                .isEqualTo(expectedServer());
        assertThat(dev.poolscope.app.server.ServerInfo.workers(context.getWebServer()))
                .isEqualTo(expectedWorkers());
    }

    @Test
    void ping() throws Exception {
        HttpResponse<String> r = http().get("/api/ping");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r).get("reply").asText()).isEqualTo("pong");
        assertThat(r.headers().firstValue("X-Request-Id")).isPresent();
    }

    @Test
    void sleepBlocksForTheAskedTime() throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> r = http().get("/api/sleep?ms=200");
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r).get("sleptMs").asInt()).isEqualTo(200);
        assertThat(ms).isGreaterThanOrEqualTo(200);
    }

    @Test
    void cpuReturnsTheLoopResult() throws Exception {
        HttpResponse<String> r = http().get("/api/cpu?iterations=1000");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(json(r).get("result").asLong()).isEqualTo(dev.poolscope.app.workload.Spin.run(1000));
    }

    @Test
    void productIsReadFromTheDatabaseThenFromTheCache() throws Exception {
        HttpResponse<String> first = http().get("/api/products/77");
        HttpResponse<String> second = http().get("/api/products/77");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(json(first).get("name").asText()).isEqualTo("Product 77");
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(context.getBean(org.springframework.data.redis.core.StringRedisTemplate.class)
                .hasKey("product:77")).isTrue();
    }

    @Test
    void reserveTakesOneFromStock() throws Exception {
        HttpResponse<String> before = http().post("/api/stock/500/reserve", null);
        HttpResponse<String> after = http().post("/api/stock/500/reserve", null);
        assertThat(before.statusCode()).isEqualTo(200);
        assertThat(json(after).get("remaining").asInt()).isEqualTo(json(before).get("remaining").asInt() - 1);
    }

    @Test
    void checkoutPlacesAnOrderAndWritesTheSession() throws Exception {
        HttpResponse<String> r = http().post("/api/checkout",
                "{\"userId\":4242,\"productId\":12,\"quantity\":2}");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = json(r);
        assertThat(body.get("orderId").asLong()).isPositive();
        assertThat(body.get("quantity").asInt()).isEqualTo(2);
        String session = context.getBean(org.springframework.data.redis.core.StringRedisTemplate.class)
                .opsForValue().get("session:4242");
        assertThat(session).contains("\"lastOrderId\":" + body.get("orderId").asLong());
    }
}
