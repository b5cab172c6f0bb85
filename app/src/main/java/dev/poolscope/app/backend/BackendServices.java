package dev.poolscope.app.backend;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import redis.embedded.RedisServer;

/** The embedded servers this app started, if any. Closing stops them. */
public final class BackendServices implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BackendServices.class);

    EmbeddedPostgres postgres;
    /** The embedded PostgreSQL's data directory, deleted once it stopped (PostgresData); null without one. */
    Path postgresData;
    RedisServer redis;
    int redisPort;
    Watchdog watchdog;
    /** Done when the servers are up (or failed to start); done from the outset when none start. */
    private volatile CompletableFuture<Void> started = CompletableFuture.completedFuture(null);

    /**
     * Runs {@code start} on a thread of its own. Not a daemon: a JVM that exits meanwhile still waits until the
     * servers and their watchdog are up, so the watchdog stops them rather than leaving them behind.
     */
    void startInBackground(Runnable start) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        started = done;
        Thread t = new Thread(() -> {
            try {
                start.run();
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        }, "poolscope-backends");
        t.start();
    }

    /** Waits until the servers are up; throws what kept them from starting. */
    public void awaitStarted() {
        try {
            started.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

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
        try {
            if (postgres != null) {
                postgres.close();
            }
        } finally {
            // Also when the server had stopped already (zonky's own shutdown hook may have been first).
            postgres = null;
            if (postgresData != null) {
                PostgresData.delete(postgresData);
                postgresData = null;
            }
        }
    }

    /** The watchdog process's pid, or -1 without one; for tests. */
    public long watchdogPid() {
        return watchdog == null ? -1 : watchdog.pid();
    }

    @Override
    public void close() {
        // Not under the lock: a start that fails stops its servers under it.
        try {
            // A start still under way would leave its servers behind.
            started.join();
        } catch (CompletionException e) {
            // Said where the start was awaited; what did start is stopped below.
        }
        stopServers();
    }

    /** Stops the watchdog and whatever servers are running. */
    synchronized void stopServers() {
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
