package dev.poolscope.app.checkout;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/** The user's session in Redis, read before and written after each checkout. Redis trouble degrades, never fails, a checkout. */
@Component
class SessionStore {

    private static final Logger log = LoggerFactory.getLogger(SessionStore.class);
    private static final Duration TTL = Duration.ofMinutes(30);

    record Session(long orders, Long lastOrderId) {
        static final Session EMPTY = new Session(0, null);
    }

    private final StringRedisTemplate redis;
    private final ObjectMapper json;
    private final Counter readErrors;
    private final Counter writeErrors;

    SessionStore(StringRedisTemplate redis, ObjectMapper json, MeterRegistry meters) {
        this.redis = redis;
        this.json = json;
        this.readErrors = Counter.builder("lab.cache.errors").tag("op", "session-read").register(meters);
        this.writeErrors = Counter.builder("lab.cache.errors").tag("op", "session-write").register(meters);
    }

    Session read(long userId) {
        try {
            String value = redis.opsForValue().get(key(userId));
            return value == null ? Session.EMPTY : json.readValue(value, Session.class);
        } catch (DataAccessException | JsonProcessingException e) {
            readErrors.increment();
            log.debug("session read failed: {}", e.toString());
            return Session.EMPTY;
        }
    }

    void write(long userId, Session session) {
        try {
            redis.opsForValue().set(key(userId), json.writeValueAsString(session), TTL);
        } catch (DataAccessException | JsonProcessingException e) {
            writeErrors.increment();
            log.debug("session write failed: {}", e.toString());
        }
    }

    private static String key(long userId) {
        return "session:" + userId;
    }
}
