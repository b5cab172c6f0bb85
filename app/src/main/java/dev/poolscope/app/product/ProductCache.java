package dev.poolscope.app.product;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.RedisOperations;
import org.springframework.data.redis.core.SessionCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Redis in front of the product table. A cache that fails is a cache miss: errors are counted in
 * {@code lab.cache.errors} and the caller goes to the database.
 */
@Component
class ProductCache {

    private static final Logger log = LoggerFactory.getLogger(ProductCache.class);

    private final StringRedisTemplate redis;
    private final ObjectMapper json;
    private final Duration ttl;
    private final Counter getErrors;
    private final Counter putErrors;

    ProductCache(StringRedisTemplate redis, ObjectMapper json, MeterRegistry meters,
            @Value("${lab.cache.ttl:300s}") Duration ttl) {
        this.redis = redis;
        this.json = json;
        this.ttl = ttl;
        this.getErrors = Counter.builder("lab.cache.errors").tag("op", "get")
                .description("Redis errors on the product cache").register(meters);
        this.putErrors = Counter.builder("lab.cache.errors").tag("op", "put")
                .description("Redis errors on the product cache").register(meters);
    }

    Optional<ProductView> get(long id) {
        try {
            String cached = redis.opsForValue().get(key(id));
            return cached == null ? Optional.empty() : Optional.of(json.readValue(cached, ProductView.class));
        } catch (DataAccessException | JsonProcessingException e) {
            getErrors.increment();
            log.debug("product cache read failed: {}", e.toString());
            return Optional.empty();
        }
    }

    void put(ProductView product) {
        try {
            redis.opsForValue().set(key(product.id()), json.writeValueAsString(product), ttl);
        } catch (DataAccessException | JsonProcessingException e) {
            putErrors.increment();
            log.debug("product cache write failed: {}", e.toString());
        }
    }

    /**
     * Writes {@code batch} in one Redis pipeline (one round trip instead of one per product); returns how many were
     * written: all, or none when the batch failed (counted as a put error).
     */
    int putAll(List<ProductView> batch) {
        try {
            List<String> values = new ArrayList<>(batch.size());
            for (ProductView p : batch) {
                values.add(json.writeValueAsString(p));
            }
            redis.executePipelined(new SessionCallback<Object>() {
                @Override
                @SuppressWarnings("unchecked")
                public <K, V> Object execute(RedisOperations<K, V> operations) {
                    RedisOperations<String, String> ops = (RedisOperations<String, String>) operations;
                    for (int i = 0; i < batch.size(); i++) {
                        ops.opsForValue().set(key(batch.get(i).id()), values.get(i), ttl);
                    }
                    return null;
                }
            });
            return batch.size();
        } catch (DataAccessException | JsonProcessingException e) {
            putErrors.increment();
            log.debug("product cache batch write failed: {}", e.toString());
            return 0;
        }
    }

    private static String key(long id) {
        return "product:" + id;
    }
}
