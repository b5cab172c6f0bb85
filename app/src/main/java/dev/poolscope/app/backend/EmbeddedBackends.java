package dev.poolscope.app.backend;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import redis.embedded.RedisServer;

/**
 * Starts a real PostgreSQL and a real Redis from binaries shipped on Maven Central when the user gave no
 * URL for them, each on a free loopback port. Runs before the application context exists, so the
 * datasource and the Redis client see ordinary Spring properties; the servers themselves start on a thread of their
 * own while the context builds.
 */
class EmbeddedBackends implements EnvironmentPostProcessor, Ordered {

    static final String SOURCE_NAME = "poolscopeEmbeddedBackends";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
        if (env.getPropertySources().contains(SOURCE_NAME)) {
            return;
        }
        Map<String, Object> props = new LinkedHashMap<>();
        BackendServices services = new BackendServices();
        boolean postgres = isBlank(env.getProperty("spring.datasource.url"));
        boolean redis = isBlank(env.getProperty("spring.data.redis.url"))
                && isBlank(env.getProperty("spring.data.redis.host"));
        // The ports are chosen now, so the properties can name them before the servers are up.
        int postgresPort = postgres ? freePort() : 0;
        int redisPort = redis ? freePort() : 0;
        if (postgres) {
            props.put("spring.datasource.url", "jdbc:postgresql://127.0.0.1:" + postgresPort + "/postgres");
            props.put("spring.datasource.username", "postgres");
            props.put("spring.datasource.password", "");
        }
        if (redis) {
            props.put("spring.data.redis.url", "redis://127.0.0.1:" + redisPort);
        }
        // The servers start while the context builds (PostgreSQL takes one to three seconds on 2 cores); the beans
        // that talk to them wait for them (BackendConfiguration).
        services.startInBackground(() -> {
            try {
                if (postgres) {
                    services.postgres = startPostgres(env, postgresPort, services, PostgresData.inTempDir());
                }
                if (redis) {
                    services.redis = RedisServer.newRedisServer()
                            .port(redisPort)
                            .bind("127.0.0.1")
                            .setting("save \"\"")
                            .setting("appendonly no")
                            .setting("maxmemory 256mb")
                            .build();
                    services.redis.start();
                    services.redisPort = redisPort;
                }
                services.watchdog = Watchdog.start(services.postgres, services.postgresData,
                        services.redisPort);
            } catch (IOException | RuntimeException e) {
                services.stopServers();
                throw new IllegalStateException("could not start the embedded backends: " + e.getMessage(),
                        e);
            }
        });
        env.getPropertySources().addFirst(new BackendPropertySource(props, services));
    }

    /**
     * PostgreSQL on {@code port}, in a data directory of the app's own ({@link PostgresData}): a copy of the template
     * initdb made once, or, the first time, initdb's, which then becomes the template.
     */
    static EmbeddedPostgres startPostgres(ConfigurableEnvironment env, int port, BackendServices services,
            PostgresData data) throws IOException {
        PostgresData.Directory dir = data.create();
        services.postgresData = dir.path();
        if (!dir.fromTemplate()) {
            return postgres(env, port, dir.path(), data::keep).start();
        }
        try {
            return postgres(env, port, dir.path(), PostgresData::madeByTheseBinaries).start();
        } catch (PostgresData.OtherBinaries e) {
            // Failed before the server started: initdb, and keep that as the template instead.
            data.discard();
            PostgresData.delete(dir.path());
            Files.createDirectories(dir.path());
            return postgres(env, port, dir.path(), data::keep).start();
        } catch (IOException | RuntimeException e) {
            // Not the template's fault as far as can be told (a port taken, say); the next start makes it again all
            // the same, so that a damaged one cannot fail every start.
            data.discard();
            throw e;
        }
    }

    /**
     * The server's builder; {@code beforeStart} gets the data directory once the binaries are ready and initdb (when
     * it ran) is done, before the server starts on it.
     */
    private static EmbeddedPostgres.Builder postgres(ConfigurableEnvironment env, int port, Path dir,
            Consumer<File> beforeStart) {
        // Other instances of the service may share this database (run --instances): the launcher says how many
        // connections they need together.
        int maxConnections = Math.max(100, env.getProperty("lab.embedded.max-connections", Integer.class,
                env.getProperty("spring.datasource.hikari.maximum-pool-size", Integer.class, 10) + 20));
        return EmbeddedPostgres.builder()
                .setPgBinaryResolver(Binaries.INSTANCE)
                .setPort(port)
                // The directory is the app's to delete (BackendServices, Watchdog), template copy or not.
                .setDataDirectory(dir)
                .setCleanDataDirectory(false)
                // Settings go on the server's command line, none into the data directory: one template serves all.
                .setServerConfig("listen_addresses", "127.0.0.1")
                // TCP only: no Unix socket, so no /tmp/.s.PGSQL.PORT.lock. A server killed with -9 leaves that file
                // behind, and a later server on the same port fails on it when the pid it names was reused.
                .setServerConfig("unix_socket_directories", "")
                .setServerConfig("max_connections", Integer.toString(maxConnections))
                // A lab database: durability costs fsyncs that would only add noise to the measurements.
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "off")
                .setPGStartupWait(Duration.ofSeconds(30))
                .setDataDirectoryCustomizer(beforeStart);
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }

    @Override
    public int getOrder() {
        // After Spring Boot has loaded application.properties and the command line.
        return Ordered.LOWEST_PRECEDENCE;
    }

    /** Carries the started servers from the environment into the context, which owns their shutdown. */
    static final class BackendPropertySource extends MapPropertySource {
        final BackendServices services;

        BackendPropertySource(Map<String, Object> props, BackendServices services) {
            super(SOURCE_NAME, props);
            this.services = services;
        }
    }
}
