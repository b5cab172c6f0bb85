package dev.poolscope.reactive;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;

import dev.poolscope.app.web.ConflictException;
import dev.poolscope.app.web.NotFoundException;
import reactor.core.publisher.Mono;

/** The stock row, locked with SELECT ... FOR UPDATE so concurrent buyers queue in PostgreSQL, not in the app. */
@Component
class Stock {

    private final DatabaseClient db;
    private final TransactionalOperator tx;

    Stock(DatabaseClient db, TransactionalOperator tx) {
        this.db = db;
        this.tx = tx;
    }

    Mono<Integer> reserveInTransaction(long productId, int quantity) {
        return tx.transactional(take(productId, quantity, "no stock for product " + productId));
    }

    /** Locks the row, then takes {@code quantity}; must run inside the caller's transaction. Emits what is left. */
    Mono<Integer> take(long productId, int quantity, String notFound) {
        return db.sql("SELECT quantity FROM stock WHERE product_id = :id FOR UPDATE")
                .bind("id", productId)
                .map(row -> row.get(0, Integer.class))
                .one()
                .switchIfEmpty(Mono.error(() -> new NotFoundException(notFound)))
                .flatMap(left -> {
                    if (left < quantity) {
                        return Mono.error(new ConflictException("product " + productId + " is sold out"));
                    }
                    return db.sql("UPDATE stock SET quantity = :q WHERE product_id = :id")
                            .bind("q", left - quantity)
                            .bind("id", productId)
                            .fetch()
                            .rowsUpdated()
                            .thenReturn(left - quantity);
                });
    }
}
