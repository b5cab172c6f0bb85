package dev.poolscope.reactive;

import java.math.BigDecimal;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;

import dev.poolscope.app.ledger.LedgerSql;
import reactor.core.publisher.Mono;

/**
 * The slow-query case over R2DBC, with the servlet app's SQL ({@link LedgerSql}): the ledger made at start-up when
 * {@code lab.slow-query.rows} asks, and one account's balance in a transaction, a whole-table read unless
 * {@code lab.slow-query.index}.
 */
@Component
class Ledger implements SmartInitializingSingleton {

    record Balance(long accountId, long entries, BigDecimal balance) {
    }

    private static final Logger log = LoggerFactory.getLogger(Ledger.class);

    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final long rows;
    private final boolean index;

    Ledger(DatabaseClient db, TransactionalOperator tx, @Value("${lab.slow-query.rows:0}") long rows,
            @Value("${lab.slow-query.index:false}") boolean index) {
        if (rows < 0) {
            throw new IllegalArgumentException("lab.slow-query.rows must be at least 0, got " + rows);
        }
        this.db = db;
        this.tx = tx;
        this.rows = rows;
        this.index = index;
    }

    boolean enabled() {
        return rows > 0;
    }

    /** Before the server listens: blocking here holds no request up. */
    @Override
    public void afterSingletonsInstantiated() {
        if (!enabled()) {
            return;
        }
        long start = System.nanoTime();
        Mono<Boolean> setUp = db.sql(LedgerSql.LOCK).then()
                .then(db.sql(LedgerSql.EXISTS).map(row -> row.get(0, Boolean.class)).one())
                .flatMap(exists -> Boolean.TRUE.equals(exists)
                        ? db.sql(LedgerSql.COUNT).map(row -> row.get(0, Long.class)).one().map(n -> n != rows)
                        : Mono.just(true))
                .flatMap(fill -> (fill
                        ? db.sql(LedgerSql.DROP).then().then(db.sql(LedgerSql.CREATE).then())
                                .then(db.sql(LedgerSql.fill(rows)).then())
                                .then(db.sql(LedgerSql.ANALYZE).then())
                        : Mono.<Void>empty())
                        .then(db.sql(index ? LedgerSql.INDEX : LedgerSql.NO_INDEX).then()).thenReturn(fill));
        boolean filled = Boolean.TRUE.equals(tx.transactional(setUp).block(Duration.ofMinutes(30)));
        log.info("ledger: {} rows over {} accounts, {} ({}), {} ms", rows, LedgerSql.ACCOUNTS,
                index ? "account_id indexed" : "account_id not indexed", filled ? "filled" : "kept",
                (System.nanoTime() - start) / 1_000_000);
    }

    Mono<Balance> balance(long accountId) {
        return tx.transactional(db.sql(LedgerSql.balance(":account")).bind("account", accountId)
                .map(row -> new Balance(accountId, row.get("entries", Long.class),
                        row.get("balance", BigDecimal.class)))
                .one());
    }
}
