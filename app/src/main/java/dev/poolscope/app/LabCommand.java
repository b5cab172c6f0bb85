package dev.poolscope.app;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Unmatched;

/**
 * The lab app's command line. Option names are a contract used by docs and the other poolscope commands;
 * each maps to one Spring property, so tests and users of plain Spring properties get the same behaviour.
 */
@Command(name = "poolscope app", mixinStandardHelpOptions = true, sortOptions = false, description = "Starts the poolscope lab app: Spring Boot on real PostgreSQL and Redis (embedded unless URLs are given).", footer = "Any --spring.property=value is passed to Spring Boot unchanged.")
final class LabCommand implements Callable<Integer> {

    enum Server {
        tomcat, jetty, undertow
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "N", description = "HTTP port; 0 picks a free one (default: ${DEFAULT-VALUE})", defaultValue = "8080")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "address to listen on (default: ${DEFAULT-VALUE})", defaultValue = "127.0.0.1")
    String bind;

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

    @Option(names = "--db-url", paramLabel = "JDBC_URL", description = "use this PostgreSQL instead of an embedded one")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "USER", description = "user for --db-url")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "PASSWORD", description = "password for --db-url")
    String dbPassword;

    @Option(names = "--redis-url", paramLabel = "URL", description = "use this Redis (redis://host:port) instead of an embedded one")
    String redisUrl;

    @Option(names = "--redis-pool", paramLabel = "N", description = "0: one shared Lettuce connection (default); N: a pool of N connections")
    Integer redisPool;

    @Option(names = "--tx-work-ms", paramLabel = "MS", description = "server-side work inside each checkout transaction, in ms (default: 100)")
    Integer txWorkMs;

    @Option(names = "--tx-call-ms", paramLabel = "MS", description = "a call to another service (a sleep) inside each checkout transaction, in ms (default: 0)")
    Integer txCallMs;

    @Option(names = "--redis-stall-ms", paramLabel = "MS", description = "make Redis itself slow: another client keeps it in DEBUG SLEEP of MS, back to back (default: 0, off)")
    Integer redisStallMs;

    @Option(names = "--slow-query-rows", paramLabel = "N", description = "fill a ledger table of N rows at start-up, read by GET /api/ledger/{account} without an index (default: 0, no ledger)")
    Long slowQueryRows;

    @Option(names = "--slow-query-index", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL", description = "index the ledger's account_id, so the same query is fast (default: false)")
    Boolean slowQueryIndex;

    @Option(names = "--retain-mb", paramLabel = "MB", description = "keep MB of byte arrays live for the app's whole life, as a cache that never evicts (default: 0)")
    Integer retainMb;

    @Option(names = "--access-log", description = "log one line per request (request id, method, uri, status, ms)")
    boolean accessLog;

    @Unmatched
    List<String> unmatched = new ArrayList<>();

    private String[] springArgs;

    @Override
    public Integer call() {
        List<String> args = new ArrayList<>();
        for (String extra : unmatched) {
            if (!extra.matches("--[A-Za-z][\\w-]*(\\.[\\w\\[\\]-]+)+=.*")) {
                throw new ParameterException(spec.commandLine(),
                        "unknown option '" + extra + "' (see --help)");
            }
            args.add(extra);
        }
        range("--port", port, 0, 65535);
        args.add("--server.port=" + port);
        args.add("--server.address=" + bind);
        args.add("--lab.server=" + server);
        if (threads != null) {
            range("--threads", threads, 1, 10000);
            args.add("--lab.threads=" + threads);
        }
        if (virtualThreads != null) {
            args.add("--spring.threads.virtual.enabled=" + virtualThreads);
        }
        if (poolSize != null) {
            range("--pool-size", poolSize, 1, 1000);
            args.add("--spring.datasource.hikari.maximum-pool-size=" + poolSize);
        }
        if (connectionTimeout != null) {
            range("--connection-timeout", connectionTimeout, 250, 600_000);
            args.add("--spring.datasource.hikari.connection-timeout=" + connectionTimeout);
        }
        if (openInView != null) {
            args.add("--spring.jpa.open-in-view=" + openInView);
        }
        if (dbUrl != null) {
            if (!dbUrl.startsWith("jdbc:postgresql:")) {
                throw new ParameterException(spec.commandLine(),
                        "--db-url must be a jdbc:postgresql: URL, got '" + dbUrl + "'");
            }
            args.add("--spring.datasource.url=" + dbUrl);
        }
        if (dbUser != null) {
            args.add("--spring.datasource.username=" + dbUser);
        }
        if (dbPassword != null) {
            args.add("--spring.datasource.password=" + dbPassword);
        }
        if (redisUrl != null) {
            if (!redisUrl.matches("rediss?://.+")) {
                throw new ParameterException(spec.commandLine(),
                        "--redis-url must look like redis://host:port, got '" + redisUrl + "'");
            }
            args.add("--spring.data.redis.url=" + redisUrl);
        }
        if (redisPool != null) {
            range("--redis-pool", redisPool, 0, 1000);
            args.add("--lab.redis-pool=" + redisPool);
        }
        if (txWorkMs != null) {
            range("--tx-work-ms", txWorkMs, 0, 60_000);
            args.add("--lab.checkout.tx-work-ms=" + txWorkMs);
        }
        if (txCallMs != null) {
            range("--tx-call-ms", txCallMs, 0, 60_000);
            args.add("--lab.checkout.tx-call-ms=" + txCallMs);
        }
        if (redisStallMs != null) {
            // Below Lettuce's 2-s command timeout: replies come late, never fail.
            range("--redis-stall-ms", redisStallMs, 0, 1000);
            args.add("--lab.redis.stall-ms=" + redisStallMs);
        }
        if (slowQueryRows != null) {
            range("--slow-query-rows", slowQueryRows, 0, 50_000_000);
            args.add("--lab.slow-query.rows=" + slowQueryRows);
        }
        if (slowQueryIndex != null) {
            args.add("--lab.slow-query.index=" + slowQueryIndex);
        }
        if (retainMb != null) {
            // Most of this JVM's maximum heap at most: the app itself needs the rest to start.
            range("--retain-mb", retainMb, 0, (int) (Runtime.getRuntime().maxMemory() * 0.9 / (1 << 20)));
            args.add("--lab.heap.retain-mb=" + retainMb);
        }
        if (accessLog) {
            args.add("--lab.access-log=true");
        }
        springArgs = args.toArray(String[]::new);
        return 0;
    }

    String[] springArgs() {
        return springArgs;
    }

    private void range(String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ParameterException(spec.commandLine(),
                    option + " must be between " + min + " and " + max + ", got " + value);
        }
    }
}
