package dev.poolscope.reactive;

import dev.poolscope.app.checkout.CheckoutRequest;
import java.math.BigDecimal;
import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.app.web.InvalidInputException;
import dev.poolscope.app.web.NotFoundException;
import reactor.core.publisher.Mono;

/**
 * Seed 000's flow on the reactive stack: a Redis read, an R2DBC transaction doing the same server-side work as the
 * servlet app ({@code pg_sleep(tx-work-ms)} while the connection is held), a Redis write. Redis trouble degrades,
 * never fails, a checkout.
 */
@RestController
class CheckoutController {

    private static final Logger log = LoggerFactory.getLogger(CheckoutController.class);
    static final Duration SESSION_TTL = Duration.ofMinutes(30);

    private final ReactiveStringRedisTemplate redis;
    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final Stock stock;
    private final ObjectMapper json;
    private final double txWorkSeconds;
    private final BlockingCalls blocking;

    CheckoutController(ReactiveStringRedisTemplate redis, DatabaseClient db, TransactionalOperator tx,
            Stock stock,
            ObjectMapper json, @Value("${lab.checkout.tx-work-ms:100}") int txWorkMs,
            BlockingCalls blocking) {
        this.redis = redis;
        this.db = db;
        this.tx = tx;
        this.stock = stock;
        this.json = json;
        this.txWorkSeconds = txWorkMs / 1000.0;
        this.blocking = blocking;
    }

    @PostMapping("/api/checkout")
    Mono<Placed> checkout(@RequestBody(required = false) Mono<CheckoutRequest> body) {
        return body
                .switchIfEmpty(Mono.error(() -> new InvalidInputException(
                        "a JSON body {\"userId\":..,\"productId\":..,\"quantity\":..} is required")))
                .map(CheckoutRequest::validated)
                .flatMap(request -> blocking.enabled()
                        ? Mono.fromSupplier(() -> blocking.checkout(request, txWorkSeconds))
                        : checkout(request));
    }

    private Mono<Placed> checkout(CheckoutRequest request) {
        long userId = request.userId();
        return readSession(userId).flatMap(session -> tx.transactional(placeOrder(request))
                .flatMap(placed -> writeSession(userId, new Session(session.orders() + 1, placed.orderId()))
                        .thenReturn(placed)));
    }

    private Mono<Placed> placeOrder(CheckoutRequest request) {
        long productId = request.productId();
        int quantity = request.quantity();
        Mono<Void> work = txWorkSeconds > 0
                ? db.sql("SELECT 1 FROM pg_sleep(:s)").bind("s", txWorkSeconds).fetch().all().then()
                : Mono.empty();
        return stock.take(productId, quantity, "no product " + productId)
                .then(db.sql("SELECT price FROM product WHERE id = :id").bind("id", productId)
                        .map(row -> row.get(0, BigDecimal.class)).one()
                        .switchIfEmpty(Mono.error(() -> new NotFoundException("no product " + productId))))
                .flatMap(price -> work.then(Mono.defer(() -> {
                    BigDecimal total = price.multiply(BigDecimal.valueOf(quantity));
                    return db.sql("INSERT INTO purchase_order (user_id, product_id, quantity, total)"
                            + " VALUES (:u, :p, :q, :t) RETURNING id")
                            .bind("u", request.userId()).bind("p", productId).bind("q", quantity)
                            .bind("t", total)
                            .map(row -> row.get(0, Long.class)).one()
                            .map(orderId -> new Placed(orderId, productId, quantity, total));
                })));
    }

    private Mono<Session> readSession(long userId) {
        return redis.opsForValue().get(Session.key(userId))
                .map(value -> {
                    try {
                        return json.readValue(value, Session.class);
                    } catch (java.io.IOException e) {
                        throw new IllegalStateException("unreadable session", e);
                    }
                })
                .onErrorResume(e -> {
                    log.debug("session read failed: {}", e.toString());
                    return Mono.empty();
                })
                .defaultIfEmpty(Session.EMPTY);
    }

    private Mono<Boolean> writeSession(long userId, Session session) {
        return Mono.fromCallable(() -> json.writeValueAsString(session))
                .flatMap(value -> redis.opsForValue().set(Session.key(userId), value, SESSION_TTL))
                .onErrorResume(e -> {
                    log.debug("session write failed: {}", e.toString());
                    return Mono.just(false);
                });
    }
}
