package dev.poolscope.app.backend;

import java.io.IOException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import redis.embedded.RedisServer;

/** The embedded servers this app started, if any. Closing stops them. */
public final class BackendServices implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BackendServices.class);

    EmbeddedPostgres postgres;
    RedisServer redis;
    int redisPort;
    Watchdog watchdog;

    public boolean embeddedPostgres() {
        return postgres != null;
    }

    public boolean embeddedRedis() {
        return redis != null;
    }

    /** Stops the embedded Redis, as an outage would; used by fault tests. */
    public void stopRedis() throws IOException {
        if (redis != null && redis.isActive()) {
            redis.stop();
        }
    }

    /** Stops the embedded PostgreSQL, as an outage would; used by fault tests. */
    public void stopPostgres() throws IOException {
        if (postgres != null) {
            postgres.close();
            postgres = null;
        }
    }

    /** The watchdog process's pid, or -1 without one; for tests. */
    public long watchdogPid() {
        return watchdog == null ? -1 : watchdog.pid();
    }

    @Override
    public synchronized void close() {
        // First, so that it can never signal a pid reused after the servers stopped.
        if (watchdog != null) {
            watchdog.close();
            watchdog = null;
        }
        try {
            stopRedis();
        } catch (IOException | RuntimeException e) {
            log.warn("embedded Redis did not stop cleanly: {}", e.toString());
        }
        redis = null;
        try {
            stopPostgres();
        } catch (IOException | RuntimeException e) {
            log.warn("embedded PostgreSQL did not stop cleanly: {}", e.toString());
        }
    }
}
