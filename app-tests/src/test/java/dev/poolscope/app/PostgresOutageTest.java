package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

import dev.poolscope.app.backend.BackendServices;
import dev.poolscope.app.testing.Contract;
import dev.poolscope.app.testing.Http;

/** PostgreSQL gone: 503 problem+json within the configured connection timeout, not a pile-up. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "spring.datasource.hikari.connection-timeout=1000")
@DirtiesContext
class PostgresOutageTest {

    @LocalServerPort
    int port;

    @Autowired
    BackendServices backends;

    @Test
    void unavailableDatabaseIs503InBoundedTime() throws Exception {
        Http http = new Http(port);
        assertThat(http.get("/api/products/41").statusCode()).isEqualTo(200);

        backends.stopPostgres();

        long start = System.nanoTime();
        HttpResponse<String> read = http.get("/api/products/42");
        long readMs = (System.nanoTime() - start) / 1_000_000;
        HttpResponse<String> checkout = http.post("/api/checkout", "{\"userId\":5,\"productId\":43}");

        Contract.assertDatabaseUnavailable(read);
        Contract.assertDatabaseUnavailable(checkout);
        // 1 s connection timeout; the rest is slack for a loaded 2-core machine.
        assertThat(readMs).isLessThan(5_000);
        // Cached data still flows without the database.
        assertThat(http.get("/api/products/41").statusCode()).isEqualTo(200);
    }
}
