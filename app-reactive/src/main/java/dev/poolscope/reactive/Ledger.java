package dev.poolscope.reactive;

import java.math.BigDecimal;
import java.sql.DriverManager;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.env.Environment;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;

import dev.poolscope.app.ledger.LedgerKnobs;
import dev.poolscope.app.ledger.LedgerSetUp;
import dev.poolscope.app.ledger.LedgerSql;
import reactor.core.publisher.Mono;

/**
 * The slow-query case over R2DBC, with the servlet app's SQL ({@link LedgerSql}): the ledger made at start-up when
 * {@code lab.slow-query.rows} asks (over JDBC, as the migrations are, before the server listens), and one account's
 * balance in a transaction, a whole-table read unless {@code lab.slow-query.index}.
 */
@Component
class Ledger implements SmartInitializingSingleton {

    record Balance(long accountId, long entries, BigDecimal balance) {
    }

    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final Environment env;
    private final LedgerKnobs knobs;

    Ledger(DatabaseClient db, TransactionalOperator tx, Environment env,
            @Value("${lab.slow-query.rows:0}") long rows,
            @Value("${lab.slow-query.index:false}") boolean index) {
        this.db = db;
        this.tx = tx;
        this.env = env;
        this.knobs = new LedgerKnobs(rows, index);
    }

    boolean enabled() {
        return knobs.enabled();
    }

    @Override
    public void afterSingletonsInstantiated() {
        LedgerSetUp.run(knobs,
                () -> DriverManager.getConnection(env.getRequiredProperty("spring.datasource.url"),
                        env.getProperty("spring.datasource.username", "postgres"),
                        env.getProperty("spring.datasource.password", "")));
    }

    Mono<Balance> balance(long accountId) {
        return tx.transactional(db.sql(LedgerSql.balance(":account")).bind("account", accountId)
                .map(row -> new Balance(accountId, row.get("entries", Long.class),
                        row.get("balance", BigDecimal.class)))
                .one());
    }
}
