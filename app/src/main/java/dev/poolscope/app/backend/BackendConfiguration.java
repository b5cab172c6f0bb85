package dev.poolscope.app.backend;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;

@Configuration(proxyBeanMethods = false)
class BackendConfiguration {

    static final String BEAN = "backendServices";

    @Bean(name = BEAN, destroyMethod = "close")
    BackendServices backendServices(ConfigurableEnvironment env) {
        PropertySource<?> source = env.getPropertySources().get(EmbeddedBackends.SOURCE_NAME);
        if (source instanceof EmbeddedBackends.BackendPropertySource backends) {
            // The beans that talk to the servers depend on this one (below): they are made once the servers are up.
            backends.services.awaitStarted();
            return backends.services;
        }
        return new BackendServices();
    }

    /**
     * Beans that talk to the servers depend on them, so at shutdown the pools close first and the
     * servers stop last, and nobody logs a connection refused on the way out.
     */
    @Bean
    static BeanFactoryPostProcessor backendsStopLast() {
        return factory -> {
            for (String name : List.of("dataSource", "redisConnectionFactory", "flyway",
                    "entityManagerFactory")) {
                if (factory.containsBeanDefinition(name)) {
                    BeanDefinition definition = factory.getBeanDefinition(name);
                    List<String> dependsOn = new ArrayList<>();
                    if (definition.getDependsOn() != null) {
                        dependsOn.addAll(Arrays.asList(definition.getDependsOn()));
                    }
                    dependsOn.add(BEAN);
                    definition.setDependsOn(dependsOn.toArray(String[]::new));
                }
            }
        };
    }
}
