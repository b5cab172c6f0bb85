package dev.poolscope.app.server;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Maps the lab's one-knob-per-idea properties onto each server's own properties: {@code lab.threads}
 * becomes Tomcat's, Jetty's or Undertow's worker count, {@code lab.redis-pool} Lettuce's pool. Explicit
 * server properties still win, because this source is added last.
 */
class LabKnobs implements EnvironmentPostProcessor {

    static final Set<String> SERVERS = Set.of("tomcat", "jetty", "undertow");

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
        String server = env.getProperty("lab.server", "tomcat").toLowerCase(Locale.ROOT);
        if (!SERVERS.contains(server)) {
            throw new IllegalArgumentException(
                    "lab.server must be tomcat, jetty or undertow, got '" + server + "'");
        }
        Map<String, Object> derived = new HashMap<>();
        int threads = env.getProperty("lab.threads", Integer.class, 200);
        if (threads < 1) {
            throw new IllegalArgumentException("lab.threads must be at least 1, got " + threads);
        }
        derived.put("server.tomcat.threads.max", threads);
        derived.put("server.tomcat.threads.min-spare", Math.min(10, threads));
        derived.put("server.jetty.threads.max", threads);
        derived.put("server.jetty.threads.min", Math.min(8, threads));
        derived.put("server.undertow.threads.worker", threads);
        int redisPool = env.getProperty("lab.redis-pool", Integer.class, 0);
        if (redisPool > 0) {
            derived.put("spring.data.redis.lettuce.pool.enabled", true);
            derived.put("spring.data.redis.lettuce.pool.max-active", redisPool);
            derived.put("spring.data.redis.lettuce.pool.max-idle", redisPool);
        }
        env.getPropertySources().addLast(new MapPropertySource("poolscopeLabKnobs", derived));
    }
}
