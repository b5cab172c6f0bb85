package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import dev.poolscope.app.testing.Contract;
import dev.poolscope.app.testing.Http;

/** Seed 002's lock workload as an invariant: 1000 concurrent buyers, stock 100, exactly 100 sales. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "spring.datasource.hikari.connection-timeout=120000")
class ReservationIntegrityTest {

    static final long PRODUCT = 9001;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void exactlyTheStockIsSoldNeverMore() throws Exception {
        jdbc.update("update stock set quantity = 100 where product_id = ?", PRODUCT);
        Map<Integer, Long> byStatus = Contract.buyAtOnce(new Http(port), PRODUCT, 1000);
        assertThat(byStatus).containsOnlyKeys(200, 409);
        assertThat(byStatus.get(200)).isEqualTo(100);
        assertThat(byStatus.get(409)).isEqualTo(900);
        assertThat(jdbc.queryForObject("select quantity from stock where product_id = ?", Integer.class,
                PRODUCT)).isZero();
    }
}
