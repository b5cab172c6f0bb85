package dev.poolscope.app.server;

import java.lang.management.ManagementFactory;

import javax.sql.DataSource;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.context.event.EventListener;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

import com.zaxxer.hikari.HikariDataSource;

import dev.poolscope.app.backend.BackendServices;

/**
 * Prints one line when the app is ready, read from the live server and pool rather than from the
 * configuration, so a knob that did not take effect shows. Other poolscope commands parse this line.
 */
@Component
class ReadyReporter {

    private final ServletWebServerApplicationContext context;
    private final DataSource dataSource;
    private final BackendServices backends;
    private final Environment env;

    ReadyReporter(ServletWebServerApplicationContext context, DataSource dataSource, BackendServices backends,
            Environment env) {
        this.context = context;
        this.dataSource = dataSource;
        this.backends = backends;
        this.env = env;
    }

    @EventListener(ApplicationReadyEvent.class)
    void ready(ApplicationReadyEvent event) {
        WebServer server = context.getWebServer();
        String address = env.getProperty("server.address", "127.0.0.1");
        int poolSize = -1;
        long connectionTimeout = -1;
        if (dataSource instanceof HikariDataSource hikari) {
            poolSize = hikari.getMaximumPoolSize();
            connectionTimeout = hikari.getConnectionTimeout();
        }
        System.out.println("poolscope-app backends: PostgreSQL " + env.getProperty("spring.datasource.url")
                + (backends.embeddedPostgres() ? " (embedded)" : "") + ", Redis "
                + env.getProperty("spring.data.redis.url", env.getProperty("spring.data.redis.host", "?"))
                + (backends.embeddedRedis() ? " (embedded)" : ""));
        long startupMs = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
        System.out.println("poolscope-app ready: url=http://" + address + ":" + server.getPort()
                + " server=" + ServerInfo.name(server)
                + " workers=" + ServerInfo.workers(server)
                + " virtualThreads=" + env.getProperty("spring.threads.virtual.enabled", "false")
                + " poolSize=" + poolSize
                + " connectionTimeoutMs=" + connectionTimeout
                + " openInView=" + env.getProperty("spring.jpa.open-in-view", "true")
                + " db=" + (backends.embeddedPostgres() ? "embedded" : "external")
                + " redis=" + (backends.embeddedRedis() ? "embedded" : "external")
                + " startupMs=" + startupMs);
    }
}
