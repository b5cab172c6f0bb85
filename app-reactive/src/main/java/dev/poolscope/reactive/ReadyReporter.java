package dev.poolscope.reactive;

import java.lang.management.ManagementFactory;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.reactive.context.ReactiveWebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import dev.poolscope.app.backend.BackendServices;
import io.r2dbc.pool.ConnectionPool;
import reactor.netty.resources.LoopResources;

/**
 * The servlet app's ready line, which other poolscope commands parse, read from the live server and pool: here
 * {@code workers} is the event-loop count and {@code poolSize} r2dbc-pool's max size.
 */
@Component
class ReadyReporter {

    private final ReactiveWebServerApplicationContext context;
    private final ConnectionPool pool;
    private final BackendServices backends;
    private final Environment env;
    private final long acquireTimeoutMs;

    ReadyReporter(ReactiveWebServerApplicationContext context, ConnectionPool pool, BackendServices backends,
            Environment env, @Value("${lab.r2dbc.acquire-timeout-ms:10000}") long acquireTimeoutMs) {
        this.context = context;
        this.pool = pool;
        this.backends = backends;
        this.env = env;
        this.acquireTimeoutMs = acquireTimeoutMs;
    }

    @EventListener(ApplicationReadyEvent.class)
    void ready(ApplicationReadyEvent event) {
        String address = env.getProperty("server.address", "127.0.0.1");
        int poolSize = pool.getMetrics().map(m -> m.getMaxAllocatedSize()).orElse(-1);
        System.out.println("poolscope-app backends: PostgreSQL " + env.getProperty("spring.datasource.url")
                + (backends.embeddedPostgres() ? " (embedded)" : "") + ", Redis "
                + env.getProperty("spring.data.redis.url", env.getProperty("spring.data.redis.host", "?"))
                + (backends.embeddedRedis() ? " (embedded)" : ""));
        long startupMs = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out
                .println("poolscope-app ready: url=http://" + address + ":" + context.getWebServer().getPort()
                        + " server=netty"
                        + " workers=" + LoopResources.DEFAULT_IO_WORKER_COUNT
                        + " virtualThreads=false"
                        + " poolSize=" + poolSize
                        + " connectionTimeoutMs=" + acquireTimeoutMs
                        + " openInView=false"
                        + " db=" + (backends.embeddedPostgres() ? "embedded" : "external")
                        + " redis=" + (backends.embeddedRedis() ? "embedded" : "external")
                        + " stack=reactive"
                        + " cpuOn=" + env.getProperty("lab.cpu-on", "loop")
                        + " blockingCalls=" + env.getProperty("lab.blocking-calls", "false")
                        + " startupMs=" + startupMs);
    }
}
