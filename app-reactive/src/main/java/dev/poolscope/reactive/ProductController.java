package dev.poolscope.reactive;

import java.time.Duration;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.poolscope.app.web.InvalidInputException;
import dev.poolscope.app.web.NotFoundException;
import reactor.core.publisher.Mono;

/**
 * Cache-aside product reads, reactive end to end; a failing cache is a miss. With {@code --blocking-calls} the same
 * reads go through blocking Redis and JDBC on the event loop.
 */
@RestController
class ProductController {

    private static final Logger log = LoggerFactory.getLogger(ProductController.class);

    private final ReactiveStringRedisTemplate redis;
    private final DatabaseClient db;
    private final ObjectMapper json;
    private final Duration ttl;
    private final BlockingCalls blocking;

    ProductController(ReactiveStringRedisTemplate redis, DatabaseClient db, ObjectMapper json,
            @Value("${lab.cache.ttl:300s}") Duration ttl, BlockingCalls blocking) {
        this.redis = redis;
        this.db = db;
        this.json = json;
        this.ttl = ttl;
        this.blocking = blocking;
    }

    @GetMapping("/api/products/{id}")
    Mono<ProductView> product(@PathVariable long id) {
        if (id < 1) {
            return Mono.error(new InvalidInputException("product id must be positive, got " + id));
        }
        if (blocking.enabled()) {
            // Subscribed on the event loop, so the blocking calls inside run there.
            return Mono.fromSupplier(() -> blocking.product(id));
        }
        return cached(id).switchIfEmpty(Mono.defer(() -> load(id).flatMap(p -> put(p).thenReturn(p))));
    }

    /**
     * Every product into the cache, {@value #FILL_CONCURRENCY} writes at a time: {"cached": how many}. The first write
     * that fails ends the fill: with Redis down each write waits out the command timeout, and going on would cost one
     * per {@value #FILL_CONCURRENCY} products, 157 in all (5 minutes at the default 2 s; the servlet app pays one per
     * pipeline of 1,000).
     */
    @PostMapping("/api/products/cache")
    Mono<Map<String, Long>> fill() {
        return db.sql("SELECT id, name, description, price FROM product ORDER BY id")
                .map((row, meta) -> new ProductView(row.get("id", Long.class), row.get("name", String.class),
                        row.get("description", String.class), row.get("price", java.math.BigDecimal.class)))
                .all()
                .flatMap(this::put, FILL_CONCURRENCY)
                .takeWhile(Boolean::booleanValue)
                .count()
                .map(n -> Map.of("cached", n));
    }

    static final int FILL_CONCURRENCY = 64;

    private Mono<ProductView> cached(long id) {
        return redis.opsForValue().get(key(id))
                .map(this::parse)
                .onErrorResume(e -> {
                    log.debug("product cache read failed: {}", e.toString());
                    return Mono.empty();
                });
    }

    private Mono<Boolean> put(ProductView p) {
        return Mono.fromCallable(() -> json.writeValueAsString(p))
                .flatMap(value -> redis.opsForValue().set(key(p.id()), value, ttl))
                .onErrorResume(e -> {
                    log.debug("product cache write failed: {}", e.toString());
                    return Mono.just(false);
                });
    }

    private Mono<ProductView> load(long id) {
        return db.sql("SELECT id, name, description, price FROM product WHERE id = :id")
                .bind("id", id)
                .map((row, meta) -> new ProductView(row.get("id", Long.class), row.get("name", String.class),
                        row.get("description", String.class), row.get("price", java.math.BigDecimal.class)))
                .one()
                .switchIfEmpty(Mono.error(() -> new NotFoundException("no product " + id)));
    }

    private ProductView parse(String value) {
        try {
            return json.readValue(value, ProductView.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable cached product", e);
        }
    }

    static String key(long id) {
        return "product:" + id;
    }
}
