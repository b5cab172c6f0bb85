package dev.poolscope.reactive;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * The reactive lab app's command line. Options shared with the servlet app keep its names and meaning
 * ({@code --pool-size} is r2dbc-pool's max size, {@code --connection-timeout} its max acquire time); each maps
 * to one Spring property.
 */
@Command(name = "poolscope app --stack reactive", mixinStandardHelpOptions = true, sortOptions = false, description = "Starts the poolscope lab app on WebFlux (Reactor Netty, R2DBC, reactive Lettuce) on real PostgreSQL and Redis.", footer = "Any --spring.property=value is passed to Spring Boot unchanged.")
final class ReactiveCommand implements Callable<Integer> {

    enum CpuOn {
        loop, parallel
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "N", description = "HTTP port; 0 picks a free one (default: ${DEFAULT-VALUE})", defaultValue = "8080")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "address to listen on (default: ${DEFAULT-VALUE})", defaultValue = "127.0.0.1")
    String bind;

    @Option(names = "--event-loops", paramLabel = "N", description = "Reactor Netty event-loop (worker) threads (default: one per core, at least 4)")
    Integer eventLoops;

    @Option(names = "--pool-size", paramLabel = "N", description = "r2dbc-pool max size (default: 10)")
    Integer poolSize;

    @Option(names = "--connection-timeout", paramLabel = "MS", description = "r2dbc-pool max acquire time in ms (default: 10000)")
    Integer connectionTimeout;

    @Option(names = "--cpu-on", paramLabel = "WHERE", description = "where /api/cpu runs: loop (the event loop, as seed 002) or parallel (Reactor's parallel scheduler) (default: loop)")
    CpuOn cpuOn;

    @Option(names = "--blocking-calls", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL", description = "the classic mistake: products and checkout call blocking JDBC and Redis on the event loop")
    Boolean blockingCalls;

    @Option(names = "--db-url", paramLabel = "JDBC_URL", description = "use this PostgreSQL instead of an embedded one")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "USER", description = "user for --db-url")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "PASSWORD", description = "password for --db-url")
    String dbPassword;

    @Option(names = "--redis-url", paramLabel = "URL", description = "use this Redis (redis://host:port) instead of an embedded one")
    String redisUrl;

    @Option(names = "--tx-work-ms", paramLabel = "MS", description = "server-side work inside each checkout transaction, in ms (default: 100)")
    Integer txWorkMs;

    @Option(names = "--slow-query-rows", paramLabel = "N", description = "fill a ledger table of N rows at start-up, read by GET /api/ledger/{account} without an index (default: 0, no ledger)")
    Long slowQueryRows;

    @Option(names = "--slow-query-index", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL", description = "index the ledger's account_id, so the same query is fast (default: false)")
    Boolean slowQueryIndex;

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
        if (eventLoops != null) {
            range("--event-loops", eventLoops, 1, 1024);
            args.add("--lab.event-loops=" + eventLoops);
        }
        if (poolSize != null) {
            range("--pool-size", poolSize, 1, 1000);
            args.add("--lab.r2dbc.pool-size=" + poolSize);
        }
        if (connectionTimeout != null) {
            range("--connection-timeout", connectionTimeout, 250, 600_000);
            args.add("--lab.r2dbc.acquire-timeout-ms=" + connectionTimeout);
        }
        if (cpuOn != null) {
            args.add("--lab.cpu-on=" + cpuOn);
        }
        if (blockingCalls != null) {
            args.add("--lab.blocking-calls=" + blockingCalls);
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
        if (txWorkMs != null) {
            range("--tx-work-ms", txWorkMs, 0, 60_000);
            args.add("--lab.checkout.tx-work-ms=" + txWorkMs);
        }
        if (slowQueryRows != null) {
            range("--slow-query-rows", slowQueryRows, 0, 50_000_000);
            args.add("--lab.slow-query.rows=" + slowQueryRows);
        }
        if (slowQueryIndex != null) {
            args.add("--lab.slow-query.index=" + slowQueryIndex);
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
