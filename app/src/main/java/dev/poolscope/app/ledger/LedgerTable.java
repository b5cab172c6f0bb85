package dev.poolscope.app.ledger;

import javax.sql.DataSource;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The slow-query case (issue 24): a {@code ledger} of {@code lab.slow-query.rows} rows spread over
 * {@value LedgerSql#ACCOUNTS} accounts, made at start-up (before the server listens) only when that knob asks, with
 * PostgreSQL's generate_series ({@link LedgerSetUp}). Nothing indexes {@code account_id} unless
 * {@code lab.slow-query.index} says so, so one account's balance reads the whole table.
 */
@Component
class LedgerTable implements SmartInitializingSingleton {

    private final DataSource dataSource;
    private final LedgerKnobs knobs;

    LedgerTable(DataSource dataSource, @Value("${lab.slow-query.rows:0}") long rows,
            @Value("${lab.slow-query.index:false}") boolean index) {
        this.dataSource = dataSource;
        this.knobs = new LedgerKnobs(rows, index);
    }

    boolean enabled() {
        return knobs.enabled();
    }

    @Override
    public void afterSingletonsInstantiated() {
        LedgerSetUp.run(knobs, dataSource::getConnection);
    }
}
