package dev.poolscope.app.options;

import picocli.CommandLine.Option;

/**
 * An outside PostgreSQL and Redis in place of the embedded ones. Both stacks read the same Spring properties: the
 * reactive app derives its R2DBC URL from the JDBC one, so one --db-url serves both.
 */
public final class BackendOptions {

    @Option(names = "--db-url", paramLabel = "JDBC_URL", description = "use this PostgreSQL instead of an embedded one")
    String dbUrl;

    @Option(names = "--db-user", paramLabel = "USER", description = "user for --db-url")
    String dbUser;

    @Option(names = "--db-password", paramLabel = "PASSWORD", description = "password for --db-url")
    String dbPassword;

    @Option(names = "--redis-url", paramLabel = "URL", description = "use this Redis (redis://host:port) instead of an embedded one")
    String redisUrl;

    public void addTo(SpringArgs args) {
        if (dbUrl != null && !dbUrl.startsWith("jdbc:postgresql:")) {
            throw args.refusal("--db-url must be a jdbc:postgresql: URL, got '" + dbUrl + "'");
        }
        args.set("spring.datasource.url", dbUrl)
                .set("spring.datasource.username", dbUser)
                .set("spring.datasource.password", dbPassword);
        if (redisUrl != null && !redisUrl.matches("rediss?://.+")) {
            throw args.refusal("--redis-url must look like redis://host:port, got '" + redisUrl + "'");
        }
        args.set("spring.data.redis.url", redisUrl);
    }
}
