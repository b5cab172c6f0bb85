package dev.poolscope.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.jdbc.core.JdbcTemplate;

/** {@code --slow-query-index}: the same query by an index; a second set-up (another instance) keeps the rows. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = {"lab.slow-query.rows=20000",
        "lab.slow-query.index=true"})
class LedgerIndexTest {

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    @Qualifier("ledgerTable")
    SmartInitializingSingleton ledgerTable;

    @Test
    void theIndexKnobMakesItAnIndexScan() {
        jdbc.execute("insert into ledger values (0, 1, 1.00, 'marker')");
        jdbc.execute("delete from ledger where id = 1");
        ledgerTable.afterSingletonsInstantiated();
        assertThat(jdbc.queryForObject("select count(*) from ledger where note = 'marker'", Long.class))
                .as("same row count: the table is kept, not filled again").isEqualTo(1);
        assertThat(String.join("\n",
                jdbc.queryForList("explain select count(*) from ledger where account_id = 5", String.class)))
                .contains("ledger_account");
    }
}
