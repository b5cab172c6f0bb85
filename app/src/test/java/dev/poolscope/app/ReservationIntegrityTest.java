package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

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
        Http http = new Http(port);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Integer>> statuses = new ArrayList<>();
        try (ExecutorService buyers = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 1000; i++) {
                statuses.add(buyers.submit(() -> {
                    go.await();
                    HttpResponse<String> r = http.post("/api/stock/" + PRODUCT + "/reserve", null);
                    return r.statusCode();
                }));
            }
            go.countDown();
        }
        List<Integer> codes = new ArrayList<>();
        for (Future<Integer> f : statuses) {
            codes.add(f.get());
        }
        Map<Integer, Long> byStatus = codes.stream()
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        assertThat(byStatus).containsOnlyKeys(200, 409);
        assertThat(byStatus.get(200)).isEqualTo(100);
        assertThat(byStatus.get(409)).isEqualTo(900);
        assertThat(jdbc.queryForObject("select quantity from stock where product_id = ?", Integer.class,
                PRODUCT)).isZero();
    }
}
