package dev.poolscope.app.ledger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The slow-query case (issue 24): a {@code ledger} of {@code lab.slow-query.rows} rows spread over
 * {@value LedgerSql#ACCOUNTS} accounts, made at start-up (before the server listens) only when that knob asks, with
 * PostgreSQL's generate_series. Nothing indexes {@code account_id} unless {@code lab.slow-query.index} says so, so one
 * account's balance reads the whole table. Instances that share one database (run --instances) take an advisory lock
 * and keep a ledger that already has the rows asked for.
 */
@Component
class LedgerTable implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(LedgerTable.class);

    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;
    private final long rows;
    private final boolean index;

    LedgerTable(JdbcTemplate jdbc, TransactionTemplate tx, @Value("${lab.slow-query.rows:0}") long rows,
            @Value("${lab.slow-query.index:false}") boolean index) {
        if (rows < 0) {
            throw new IllegalArgumentException("lab.slow-query.rows must be at least 0, got " + rows);
        }
        this.jdbc = jdbc;
        this.tx = tx;
        this.rows = rows;
        this.index = index;
    }

    boolean enabled() {
        return rows > 0;
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (!enabled()) {
            return;
        }
        long start = System.nanoTime();
        boolean filled = Boolean.TRUE.equals(tx.execute(status -> {
            jdbc.execute(LedgerSql.LOCK);
            boolean fill = !Boolean.TRUE.equals(jdbc.queryForObject(LedgerSql.EXISTS, Boolean.class))
                    || !Long.valueOf(rows).equals(jdbc.queryForObject(LedgerSql.COUNT, Long.class));
            if (fill) {
                jdbc.execute(LedgerSql.DROP);
                jdbc.execute(LedgerSql.CREATE);
                jdbc.update(LedgerSql.fill(rows));
                jdbc.execute(LedgerSql.ANALYZE);
            }
            jdbc.execute(index ? LedgerSql.INDEX : LedgerSql.NO_INDEX);
            return fill;
        }));
        log.info("ledger: {} rows over {} accounts, {} ({}), {} ms", rows, LedgerSql.ACCOUNTS,
                index ? "account_id indexed" : "account_id not indexed", filled ? "filled" : "kept",
                (System.nanoTime() - start) / 1_000_000);
    }
}
