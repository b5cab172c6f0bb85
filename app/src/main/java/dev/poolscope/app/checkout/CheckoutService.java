package dev.poolscope.app.checkout;

import java.math.BigDecimal;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import dev.poolscope.app.product.Product;
import dev.poolscope.app.product.ProductRepository;
import dev.poolscope.app.stock.Stock;
import dev.poolscope.app.stock.StockRepository;
import dev.poolscope.app.web.ConflictException;
import dev.poolscope.app.web.NotFoundException;
import dev.poolscope.app.workload.Spin;
import jakarta.persistence.EntityManager;

/**
 * Seed 000's flow: a Redis read, a database transaction, a Redis write. The transaction's server-side work
 * ({@code lab.checkout.tx-work-ms}) is how long each checkout keeps its connection busy in PostgreSQL;
 * with open-in-view on (Spring's default) the connection is also held through the Redis write that follows.
 * {@code lab.checkout.tx-call-ms} adds a call to another service inside the transaction (a sleep): a connection held
 * across non-database work. {@code lab.checkout.tx-cpu-ms} adds computing inside it (pricing rules, a receipt
 * rendered): a hold made of the application's own CPU work, neither a wait nor the database's.
 */
@Service
class CheckoutService {

    record Placed(long orderId, long productId, int quantity, BigDecimal total) {
    }

    private final SessionStore sessions;
    private final StockRepository stocks;
    private final ProductRepository products;
    private final PurchaseOrderRepository orders;
    private final EntityManager entityManager;
    private final TransactionTemplate tx;
    private final double txWorkSeconds;
    private final long txCallMs;
    private final long txCpuMs;
    /** Where the computed values go, so that the JIT keeps the work. */
    private volatile long computed;

    CheckoutService(SessionStore sessions, StockRepository stocks, ProductRepository products,
            PurchaseOrderRepository orders,
            EntityManager entityManager, TransactionTemplate tx,
            @Value("${lab.checkout.tx-work-ms:100}") int txWorkMs,
            @Value("${lab.checkout.tx-call-ms:0}") int txCallMs,
            @Value("${lab.checkout.tx-cpu-ms:0}") int txCpuMs) {
        this.sessions = sessions;
        this.stocks = stocks;
        this.products = products;
        this.orders = orders;
        this.entityManager = entityManager;
        this.tx = tx;
        this.txWorkSeconds = txWorkMs / 1000.0;
        this.txCallMs = txCallMs;
        this.txCpuMs = txCpuMs;
    }

    Placed checkout(CheckoutRequest request) {
        long userId = request.userId();
        SessionStore.Session session = sessions.read(userId);
        Placed placed = tx.execute(status -> placeOrder(request));
        sessions.write(userId, new SessionStore.Session(session.orders() + 1, placed.orderId()));
        return placed;
    }

    private Placed placeOrder(CheckoutRequest request) {
        long productId = request.productId();
        Stock stock = stocks.lockByProductId(productId)
                .orElseThrow(() -> new NotFoundException("no product " + productId));
        if (!stock.take(request.quantity())) {
            throw new ConflictException("product " + productId + " is sold out");
        }
        Product product = products.findById(productId)
                .orElseThrow(() -> new NotFoundException("no product " + productId));
        if (txWorkSeconds > 0) {
            // Stands for the queries a real checkout runs while it holds its connection (pricing, fraud checks, ...).
            entityManager.createNativeQuery("select 1 from pg_sleep(?1)").setParameter(1, txWorkSeconds)
                    .getSingleResult();
        }
        if (txCallMs > 0) {
            // Stands for a call to another service (payment, fraud check) made while the transaction, and so its
            // connection, is open: time the database does nothing for this connection.
            sleep(txCallMs);
        }
        if (txCpuMs > 0) {
            computed = Spin.forCpuMillis(txCpuMs);
        }
        BigDecimal total = product.getPrice().multiply(BigDecimal.valueOf(request.quantity()));
        PurchaseOrder order = orders
                .save(new PurchaseOrder(request.userId(), productId, request.quantity(), total));
        return new Placed(order.getId(), productId, request.quantity(), total);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during the checkout's outside call", e);
        }
    }
}
