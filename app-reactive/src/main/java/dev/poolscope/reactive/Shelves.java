package dev.poolscope.reactive;

import java.util.List;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;

import dev.poolscope.app.web.NotFoundException;
import reactor.core.publisher.Mono;

/**
 * The N+1 case over R2DBC: no ORM loads lazily here, so it is written the way reactive code meets it, a query per
 * item inside {@code concatMap}: 2 + N statements in one transaction, on the servlet app's shelves.
 */
@Component
class Shelves {

    record Item(int position, long productId, String name) {
    }

    record ShelfView(long id, String name, List<Item> items) {
    }

    private record Placed(int position, long productId) {
    }

    private final DatabaseClient db;
    private final TransactionalOperator tx;

    Shelves(DatabaseClient db, TransactionalOperator tx) {
        this.db = db;
        this.tx = tx;
    }

    Mono<ShelfView> shelf(long id, int items) {
        Mono<ShelfView> work = db.sql("SELECT name FROM shelf WHERE id = :id").bind("id", id)
                .map(row -> row.get(0, String.class)).one()
                .switchIfEmpty(Mono.error(() -> new NotFoundException("no shelf " + id)))
                .flatMap(name -> db
                        .sql("SELECT position, product_id FROM shelf_item WHERE shelf_id = :id"
                                + " ORDER BY position LIMIT :n")
                        .bind("id", id).bind("n", items)
                        .map(row -> new Placed(row.get(0, Integer.class), row.get(1, Long.class))).all()
                        // Read whole first: the transaction has one connection, which runs no other statement
                        // until this one's rows are all read, and concatMap asks for them only as its queries end.
                        .collectList().flatMapIterable(placed -> placed)
                        .concatMap(p -> db.sql("SELECT name FROM product WHERE id = :id")
                                .bind("id", p.productId())
                                .map(row -> new Item(p.position(), p.productId(), row.get(0, String.class)))
                                .one())
                        .collectList().map(list -> new ShelfView(id, name, list)));
        return tx.transactional(work);
    }
}
