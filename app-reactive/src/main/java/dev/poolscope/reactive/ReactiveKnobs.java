package dev.poolscope.reactive;

import java.util.HashMap;
import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Maps the reactive knobs onto what reads them. Reactor Netty sizes its event loops from a system property read
 * once, when its loop resources are first created, so it must be set before the server exists.
 */
class ReactiveKnobs implements EnvironmentPostProcessor, Ordered {

    // Before the embedded backends start: they size PostgreSQL from the pool property set here.
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 1;
    }

    static final String EVENT_LOOPS = "reactor.netty.ioWorkerCount";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
        Integer loops = env.getProperty("lab.event-loops", Integer.class);
        if (loops != null) {
            if (loops < 1) {
                throw new IllegalArgumentException("lab.event-loops must be at least 1, got " + loops);
            }
            System.setProperty(EVENT_LOOPS, Integer.toString(loops));
        }
        int poolSize = env.getProperty("lab.r2dbc.pool-size", Integer.class, 10);
        Map<String, Object> derived = new HashMap<>();
        // The embedded PostgreSQL sizes max_connections from the servlet app's pool property; here both the R2DBC
        // pool and, with --blocking-calls, the JDBC pool of the same size can be open at once.
        derived.put("spring.datasource.hikari.maximum-pool-size", 2 * poolSize);
        env.getPropertySources().addLast(new MapPropertySource("poolscopeReactiveKnobs", derived));
    }
}
