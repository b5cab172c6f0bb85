package dev.poolscope.app.ledger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The slow-query case (issue 24): a {@code ledger} of {@code lab.slow-query.rows} rows spread over {@value #ACCOUNTS}
 * accounts, made at start-up (before the server listens) only when that knob asks, with PostgreSQL's generate_series.
 * Nothing indexes {@code account_id} unless {@code lab.slow-query.index} says so, so one account's balance reads the
 * whole table. Instances that share one database (run --instances) take an advisory lock and keep a ledger that
 * already has the rows asked for.
 */
@Component
class LedgerTable implements SmartInitializingSingleton {

    static final int ACCOUNTS = 100_000;
    private static final long LOCK_KEY = 24_001L;
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
            jdbc.execute("select pg_advisory_xact_lock(" + LOCK_KEY + ")");
            boolean exists = Boolean.TRUE.equals(
                    jdbc.queryForObject("select to_regclass('public.ledger') is not null", Boolean.class));
            boolean fill = !exists || !Long.valueOf(rows)
                    .equals(jdbc.queryForObject("select count(*) from ledger", Long.class));
            if (fill) {
                jdbc.execute("drop table if exists ledger");
                jdbc.execute("create table ledger (id bigint primary key, account_id bigint not null,"
                        + " amount numeric(12, 2) not null, note text not null)");
                jdbc.update("insert into ledger (id, account_id, amount, note) select g, 1 + g % " + ACCOUNTS
                        + ", round((g % 9973) / 100.0, 2), 'entry ' || g from generate_series(1, ?::bigint) g",
                        rows);
                jdbc.execute("analyze ledger");
            }
            jdbc.execute(index
                    ? "create index if not exists ledger_account on ledger (account_id)"
                    : "drop index if exists ledger_account");
            return fill;
        }));
        log.info("ledger: {} rows over {} accounts, {} ({}), {} ms", rows, ACCOUNTS,
                index ? "account_id indexed" : "account_id not indexed", filled ? "filled" : "kept",
                (System.nanoTime() - start) / 1_000_000);
    }
}
