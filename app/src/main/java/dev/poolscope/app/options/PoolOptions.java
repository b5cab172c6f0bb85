package dev.poolscope.app.options;

/**
 * --pool-size and --connection-timeout mean the same on both stacks (the pool's size, and how long a request waits
 * for a connection before it fails), so they take the same values. Not a mixin: each app's help names its own pool
 * (HikariCP, r2dbc-pool) and its own property.
 */
public final class PoolOptions {

    private PoolOptions() {
    }

    public static void size(SpringArgs args, Integer poolSize, String property) {
        args.set(property, poolSize, "--pool-size", 1, 1000);
    }

    public static void connectionTimeout(SpringArgs args, Integer ms, String property) {
        args.set(property, ms, "--connection-timeout", 250, 600_000);
    }
}
