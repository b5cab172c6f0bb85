package dev.poolscope.reactive;

import dev.poolscope.app.checkout.CheckoutRequest;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.DependsOn;
import org.springframework.core.env.Environment;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import dev.poolscope.app.web.ConflictException;
import dev.poolscope.app.web.NotFoundException;

/**
 * {@code --blocking-calls}: the product and checkout paths written the way a servlet habit writes them, blocking
 * JDBC (HikariCP, same pool size and timeout as the R2DBC pool) and blocking Redis, called from the event loop.
 * It is deliberately wrong; it exists so its symptoms can be recorded and recognised.
 */
@Component
@DependsOn("backendServices")
class BlockingCalls implements DisposableBean {

    private final boolean enabled;
    private final StringRedisTemplate redis;
    private final ObjectMapper json;
    private final Duration ttl;
    private final HikariDataSource dataSource;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate tx;

    BlockingCalls(@Value("${lab.blocking-calls:false}") boolean enabled, StringRedisTemplate redis,
            ObjectMapper json,
            @Value("${lab.cache.ttl:300s}") Duration ttl, @Value("${lab.r2dbc.pool-size:10}") int poolSize,
            @Value("${lab.r2dbc.acquire-timeout-ms:10000}") long acquireTimeoutMs, Environment env) {
        this.enabled = enabled;
        this.redis = redis;
        this.json = json;
        this.ttl = ttl;
        if (!enabled) {
            dataSource = null;
            jdbc = null;
            tx = null;
            return;
        }
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(env.getRequiredProperty("spring.datasource.url"));
        config.setUsername(env.getProperty("spring.datasource.username", "postgres"));
        config.setPassword(env.getProperty("spring.datasource.password", ""));
        config.setMaximumPoolSize(poolSize);
        config.setConnectionTimeout(acquireTimeoutMs);
        config.setPoolName("blocking-calls");
        dataSource = new HikariDataSource(config);
        jdbc = new JdbcTemplate(dataSource);
        tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    }

    boolean enabled() {
        return enabled;
    }

    ProductView product(long id) {
        String key = ProductController.key(id);
        try {
            String cached = redis.opsForValue().get(key);
            if (cached != null) {
                return json.readValue(cached, ProductView.class);
            }
        } catch (DataAccessException | JsonProcessingException e) {
            // A failing cache is a miss.
        }
        List<ProductView> rows = jdbc.query("SELECT id, name, description, price FROM product WHERE id = ?",
                (rs, n) -> new ProductView(rs.getLong(1), rs.getString(2), rs.getString(3),
                        rs.getBigDecimal(4)),
                id);
        if (rows.isEmpty()) {
            throw new NotFoundException("no product " + id);
        }
        try {
            redis.opsForValue().set(key, json.writeValueAsString(rows.get(0)), ttl);
        } catch (DataAccessException | JsonProcessingException e) {
            // A failing cache write loses nothing but the next hit.
        }
        return rows.get(0);
    }

    Placed checkout(CheckoutRequest request, double txWorkSeconds) {
        long userId = request.userId();
        Session session = Session.EMPTY;
        try {
            String value = redis.opsForValue().get(Session.key(userId));
            if (value != null) {
                session = json.readValue(value, Session.class);
            }
        } catch (DataAccessException | JsonProcessingException e) {
            // Redis trouble degrades, never fails, a checkout.
        }
        Placed placed = tx.execute(status -> placeOrder(request, txWorkSeconds));
        try {
            redis.opsForValue().set(Session.key(userId),
                    json.writeValueAsString(new Session(session.orders() + 1, placed.orderId())),
                    CheckoutController.SESSION_TTL);
        } catch (DataAccessException | JsonProcessingException e) {
            // As above.
        }
        return placed;
    }

    private Placed placeOrder(CheckoutRequest request, double txWorkSeconds) {
        long productId = request.productId();
        int quantity = request.quantity();
        List<Integer> left = jdbc.queryForList("SELECT quantity FROM stock WHERE product_id = ? FOR UPDATE",
                Integer.class, productId);
        if (left.isEmpty()) {
            throw new NotFoundException("no product " + productId);
        }
        if (left.get(0) < quantity) {
            throw new ConflictException("product " + productId + " is sold out");
        }
        jdbc.update("UPDATE stock SET quantity = ? WHERE product_id = ?", left.get(0) - quantity, productId);
        BigDecimal price = jdbc.queryForObject("SELECT price FROM product WHERE id = ?", BigDecimal.class,
                productId);
        if (txWorkSeconds > 0) {
            jdbc.queryForList("SELECT 1 FROM pg_sleep(?)", txWorkSeconds);
        }
        BigDecimal total = price.multiply(BigDecimal.valueOf(quantity));
        Long orderId = jdbc.queryForObject("INSERT INTO purchase_order (user_id, product_id, quantity, total)"
                + " VALUES (?, ?, ?, ?) RETURNING id", Long.class, request.userId(), productId, quantity,
                total);
        return new Placed(orderId, productId, quantity, total);
    }

    @Override
    public void destroy() {
        if (dataSource != null) {
            dataSource.close();
        }
    }
}
