package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

import dev.poolscope.app.backend.BackendServices;
import io.micrometer.core.instrument.MeterRegistry;

import dev.poolscope.app.testing.Http;

/** Redis stopped mid-test: reads and checkouts are still served from PostgreSQL, and the failures are counted. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "lab.test.context=redis-outage")
@DirtiesContext
class RedisOutageTest {

    @LocalServerPort
    int port;

    @Autowired
    BackendServices backends;

    @Autowired
    MeterRegistry meters;

    @Test
    void readsAreServedFromTheDatabaseWhileRedisIsDown() throws Exception {
        Http http = new Http(port);
        assertThat(http.get("/api/products/31").statusCode()).isEqualTo(200);
        assertThat(errors()).isZero();

        backends.stopRedis();

        long start = System.nanoTime();
        var cached = http.get("/api/products/31");
        var uncached = http.get("/api/products/32");
        var checkout = http.post("/api/checkout", "{\"userId\":5,\"productId\":33}");
        long ms = (System.nanoTime() - start) / 1_000_000;

        assertThat(cached.statusCode()).isEqualTo(200);
        assertThat(cached.body()).contains("\"name\":\"Product 31\"");
        assertThat(uncached.statusCode()).isEqualTo(200);
        assertThat(checkout.statusCode()).isEqualTo(200);
        assertThat(errors()).isGreaterThanOrEqualTo(4);
        // Commands are refused while disconnected rather than waiting for the 2 s command timeout each.
        assertThat(ms).isLessThan(6_000);
    }

    private double errors() {
        return meters.find("lab.cache.errors").counters().stream().mapToDouble(c -> c.count()).sum();
    }
}
