package dev.poolscope.app.redis;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.data.redis.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.lettuce.core.ClientOptions;

@Configuration(proxyBeanMethods = false)
class RedisClientConfiguration {

    /** While Redis is unreachable, fail commands at once (callers fall back to the database) instead of queueing them. */
    @Bean
    LettuceClientConfigurationBuilderCustomizer failFastWhenDisconnected() {
        return builder -> builder.clientOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .autoReconnect(true)
                .build());
    }

    /**
     * Spring Data shares one native connection even when a pool is configured; with {@code lab.redis-pool > 0}
     * every command borrows from the pool instead, which is what that knob is for.
     */
    @Bean
    static BeanPostProcessor lettucePoolOrShared(@Value("${lab.redis-pool:0}") int redisPool) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String beanName) {
                if (bean instanceof LettuceConnectionFactory factory) {
                    factory.setShareNativeConnection(redisPool <= 0);
                }
                return bean;
            }
        };
    }
}
