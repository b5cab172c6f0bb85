package dev.poolscope.reactive;

import java.time.Duration;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.DependsOn;
import org.springframework.core.env.Environment;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;

/**
 * The R2DBC pool, built from the same JDBC URL the servlet app uses (the embedded PostgreSQL publishes only that),
 * so one {@code --db-url} serves both stacks.
 */
@Configuration(proxyBeanMethods = false)
class DatabaseConfiguration {

    /** Depends on the backends so that at shutdown the pool closes before PostgreSQL stops. */
    @Bean(destroyMethod = "dispose")
    @DependsOn("backendServices")
    ConnectionPool connectionFactory(Environment env, @Value("${lab.r2dbc.pool-size:10}") int poolSize,
            @Value("${lab.r2dbc.acquire-timeout-ms:10000}") long acquireTimeoutMs) {
        String jdbcUrl = env.getRequiredProperty("spring.datasource.url");
        if (!jdbcUrl.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException(
                    "spring.datasource.url must be a jdbc:postgresql: URL, got " + jdbcUrl);
        }
        ConnectionFactoryOptions.Builder options = ConnectionFactoryOptions
                .parse("r2dbc:" + jdbcUrl.substring("jdbc:".length())).mutate()
                .option(ConnectionFactoryOptions.USER,
                        env.getProperty("spring.datasource.username", "postgres"));
        String password = env.getProperty("spring.datasource.password", "");
        if (!password.isEmpty()) {
            options.option(ConnectionFactoryOptions.PASSWORD, password);
        }
        ConnectionPoolConfiguration config = ConnectionPoolConfiguration
                .builder(ConnectionFactories.get(options.build()))
                .name("r2dbc-pool")
                .maxSize(poolSize)
                .initialSize(Math.min(poolSize, 10))
                .maxAcquireTime(Duration.ofMillis(acquireTimeoutMs))
                // A refused connection must fail the acquire too, not wait out the acquire time per attempt.
                .maxCreateConnectionTime(Duration.ofMillis(Math.min(acquireTimeoutMs, 5000)))
                .build();
        return new ConnectionPool(config);
    }
}
