package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

import org.hibernate.SessionFactory;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import jakarta.persistence.EntityManagerFactory;

import dev.poolscope.app.testing.Contract;
import dev.poolscope.app.testing.Http;

/**
 * The statement cases on real PostgreSQL and Hibernate: a shelf costs 2 + N statements (N+1), and a ledger made at
 * start-up is read by a sequential scan, no index on account_id ({@link LedgerIndexTest} has the index).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {"lab.slow-query.rows=20000",
        "spring.jpa.properties.hibernate.generate_statistics=true"})
class DatabaseCasesTest {

    @LocalServerPort
    int port;

    @Autowired
    EntityManagerFactory entityManagerFactory;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void aShelfOfNItemsRunsTwoPlusNStatements() throws Exception {
        Statistics stats = entityManagerFactory.unwrap(SessionFactory.class).getStatistics();
        for (int n : new int[]{1, 7, 100}) {
            stats.clear();
            HttpResponse<String> r = new Http(port).get("/api/shelves/3?items=" + n);
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode items = new ObjectMapper().readTree(r.body()).get("items");
            assertThat(items.size()).isEqualTo(n);
            assertThat(items.get(0).get("productId").asLong()).isEqualTo(1 + 200 * 37 % 10000);
            assertThat(stats.getPrepareStatementCount()).as("the shelf, its items, one per product")
                    .isEqualTo(2 + n);
        }
    }

    @Test
    void theLedgerIsReadWholeForOneAccount() throws Exception {
        HttpResponse<String> r = new Http(port).get("/api/ledger/5");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode body = new ObjectMapper().readTree(r.body());
        assertThat(body.get("entries").asLong()).isEqualTo(1);
        assertThat(body.get("balance").decimalValue()).isEqualByComparingTo("0.04");
        assertThat(jdbc.queryForObject("select count(*) from ledger", Long.class)).isEqualTo(20_000);
        assertThat(String.join("\n",
                jdbc.queryForList("explain select count(*) from ledger where account_id = 5", String.class)))
                .contains("Seq Scan on ledger").doesNotContain("Index");
        Contract.assertProblem(new Http(port).get("/api/ledger/100001"), 400,
                "account id must be between 1 and 100000, got 100001");
    }
}
