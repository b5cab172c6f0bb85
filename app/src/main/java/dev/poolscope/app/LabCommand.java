package dev.poolscope.app;

import dev.poolscope.app.options.BackendOptions;
import dev.poolscope.app.options.ListenOptions;
import dev.poolscope.app.options.PoolOptions;
import dev.poolscope.app.options.SlowQueryOptions;
import dev.poolscope.app.options.SpringArgs;
import dev.poolscope.app.options.SpringCommand;
import dev.poolscope.app.options.TxWorkOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The lab app's command line. Option names are a contract used by docs and the other poolscope commands;
 * each maps to one Spring property, so tests and users of plain Spring properties get the same behaviour. The options
 * the reactive app takes too are mixins, listed here in the order the help shows them.
 */
@Command(name = "poolscope app", description = "Starts the poolscope lab app: Spring Boot on real PostgreSQL and Redis (embedded unless URLs are given).")
final class LabCommand extends SpringCommand {

    enum Server {
        tomcat, jetty, undertow
    }

    @Mixin
    ListenOptions listen;

    @Option(names = "--server", paramLabel = "NAME", description = "tomcat, jetty or undertow (default: ${DEFAULT-VALUE})", defaultValue = "tomcat")
    Server server;

    @Option(names = "--threads", paramLabel = "N", description = "worker threads of the chosen server (default: 200)")
    Integer threads;

    @Option(names = "--virtual-threads", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL", description = "serve requests on virtual threads")
    Boolean virtualThreads;

    @Option(names = "--pool-size", paramLabel = "N", description = "HikariCP maximumPoolSize (default: 10)")
    Integer poolSize;

    @Option(names = "--connection-timeout", paramLabel = "MS", description = "HikariCP connectionTimeout in ms (default: 10000)")
    Integer connectionTimeout;

    @Option(names = "--open-in-view", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL", description = "spring.jpa.open-in-view (default: true, Spring's own default)")
    Boolean openInView;

    @Mixin
    BackendOptions backends;

    @Option(names = "--redis-pool", paramLabel = "N", description = "0: one shared Lettuce connection (default); N: a pool of N connections")
    Integer redisPool;

    @Mixin
    TxWorkOption txWork;

    @Option(names = "--tx-call-ms", paramLabel = "MS", description = "a call to another service (a sleep) inside each checkout transaction, in ms (default: 0)")
    Integer txCallMs;

    @Option(names = "--tx-cpu-ms", paramLabel = "MS", description = "computing (CPU time, no wait) inside each checkout transaction, in ms (default: 0)")
    Integer txCpuMs;

    @Option(names = "--redis-stall-ms", paramLabel = "MS", description = "make Redis itself slow: another client keeps it in DEBUG SLEEP of MS, back to back (default: 0, off)")
    Integer redisStallMs;

    @Mixin
    SlowQueryOptions slowQuery;

    @Option(names = "--retain-mb", paramLabel = "MB", description = "keep MB of byte arrays live for the app's whole life, as a cache that never evicts (default: 0)")
    Integer retainMb;

    @Option(names = "--access-log", description = "log one line per request (request id, method, uri, status, ms)")
    boolean accessLog;

    @Override
    protected void addTo(SpringArgs args) {
        listen.addTo(args);
        args.set("lab.server", server)
                .set("lab.threads", threads, "--threads", 1, 10000)
                .set("spring.threads.virtual.enabled", virtualThreads);
        PoolOptions.size(args, poolSize, "spring.datasource.hikari.maximum-pool-size");
        PoolOptions.connectionTimeout(args, connectionTimeout, "spring.datasource.hikari.connection-timeout");
        args.set("spring.jpa.open-in-view", openInView);
        backends.addTo(args);
        args.set("lab.redis-pool", redisPool, "--redis-pool", 0, 1000);
        txWork.addTo(args);
        args.set("lab.checkout.tx-call-ms", txCallMs, "--tx-call-ms", 0, 60_000)
                .set("lab.checkout.tx-cpu-ms", txCpuMs, "--tx-cpu-ms", 0, 60_000)
                // Below Lettuce's 2-s command timeout: replies come late, never fail.
                .set("lab.redis.stall-ms", redisStallMs, "--redis-stall-ms", 0, 1000);
        slowQuery.addTo(args);
        // Most of this JVM's maximum heap at most: the app itself needs the rest to start.
        args.set("lab.heap.retain-mb", retainMb, "--retain-mb", 0,
                (int) (Runtime.getRuntime().maxMemory() * 0.9 / (1 << 20)));
        if (accessLog) {
            args.set("lab.access-log", true);
        }
    }
}
