package dev.poolscope.reactive;

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
 * The reactive lab app's command line. Options shared with the servlet app are its mixins, with its names and
 * meaning ({@code --pool-size} is r2dbc-pool's max size, {@code --connection-timeout} its max acquire time); each maps
 * to one Spring property.
 */
@Command(name = "poolscope app --stack reactive", description = "Starts the poolscope lab app on WebFlux (Reactor Netty, R2DBC, reactive Lettuce) on real PostgreSQL and Redis.")
final class ReactiveCommand extends SpringCommand {

    enum CpuOn {
        loop, parallel
    }

    @Mixin
    ListenOptions listen;

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

    @Mixin
    BackendOptions backends;

    @Mixin
    TxWorkOption txWork;

    @Mixin
    SlowQueryOptions slowQuery;

    @Override
    protected void addTo(SpringArgs args) {
        listen.addTo(args);
        args.set("lab.event-loops", eventLoops, "--event-loops", 1, 1024);
        PoolOptions.size(args, poolSize, "lab.r2dbc.pool-size");
        PoolOptions.connectionTimeout(args, connectionTimeout, "lab.r2dbc.acquire-timeout-ms");
        args.set("lab.cpu-on", cpuOn).set("lab.blocking-calls", blockingCalls);
        backends.addTo(args);
        txWork.addTo(args);
        slowQuery.addTo(args);
    }
}
