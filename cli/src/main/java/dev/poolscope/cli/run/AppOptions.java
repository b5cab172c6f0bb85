package dev.poolscope.cli.run;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

/**
 * The lab app's options, passed on to {@code ./poolscope app} unchanged (the app validates them and
 * says what is wrong). Same names as there: they are a contract.
 */
public final class AppOptions {

    @Option(names = "--stack", paramLabel = "STACK", description = "servlet (default) or reactive (WebFlux on Reactor Netty, R2DBC, reactive Lettuce)")
    String stack;

    @Option(names = "--server", paramLabel = "NAME", description = "tomcat, jetty or undertow")
    String server;

    @Option(names = "--virtual-threads", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL")
    String virtualThreads;

    @Option(names = "--pool-size", paramLabel = "N", description = "HikariCP maximumPoolSize")
    String poolSize;

    @Option(names = "--connection-timeout", paramLabel = "MS", description = "HikariCP connectionTimeout")
    String connectionTimeout;

    @Option(names = "--open-in-view", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL")
    String openInView;

    @Option(names = "--db-url", paramLabel = "JDBC_URL")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "USER")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "PASSWORD")
    String dbPassword;

    @Option(names = "--redis-url", paramLabel = "URL")
    String redisUrl;

    @Option(names = "--redis-pool", paramLabel = "N")
    String redisPool;

    @Option(names = "--tx-work-ms", paramLabel = "MS", description = "server-side work in each checkout transaction")
    String txWorkMs;

    @Option(names = "--event-loops", paramLabel = "N", description = "reactive stack: Reactor Netty event loops")
    String eventLoops;

    @Option(names = "--cpu-on", paramLabel = "WHERE", description = "reactive stack: where /api/cpu runs, loop or parallel")
    String cpuOn;

    @Option(names = "--blocking-calls", arity = "0..1", fallbackValue = "true", paramLabel = "BOOL", description = "reactive stack: blocking JDBC and Redis on the event loop (the classic mistake)")
    String blockingCalls;

    @Option(names = "--app-arg", paramLabel = "ARG", description = "any other argument for the app, e.g. --app-arg=--spring.jpa.show-sql=true")
    List<String> extra = new ArrayList<>();

    /** The app's command line, without --threads (a sweep sets that per run). */
    public List<String> args() {
        List<String> a = new ArrayList<>();
        add(a, "--stack", stack);
        add(a, "--server", server);
        add(a, "--virtual-threads", virtualThreads);
        add(a, "--pool-size", poolSize);
        add(a, "--connection-timeout", connectionTimeout);
        add(a, "--open-in-view", openInView);
        add(a, "--db-url", dbUrl);
        add(a, "--db-user", dbUser);
        add(a, "--db-password", dbPassword);
        add(a, "--redis-url", redisUrl);
        add(a, "--redis-pool", redisPool);
        add(a, "--tx-work-ms", txWorkMs);
        add(a, "--event-loops", eventLoops);
        add(a, "--cpu-on", cpuOn);
        add(a, "--blocking-calls", blockingCalls);
        a.addAll(extra);
        return a;
    }

    private static void add(List<String> args, String option, String value) {
        if (value != null) {
            args.add(option + "=" + value);
        }
    }
}
