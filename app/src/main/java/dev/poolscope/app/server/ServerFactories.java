package dev.poolscope.app.server;

import java.util.concurrent.Executors;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.embedded.jetty.JettyServerCustomizer;
import org.springframework.boot.web.embedded.jetty.JettyServletWebServerFactory;
import org.springframework.boot.web.embedded.undertow.UndertowBuilderCustomizer;
import org.springframework.boot.web.embedded.undertow.UndertowDeploymentInfoCustomizer;
import org.springframework.boot.web.embedded.undertow.UndertowServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * All three servers are on the classpath; Spring Boot would always pick Tomcat. A factory bean here,
 * chosen by {@code lab.server}, makes Boot's own one back off. Tomcat needs none: it is Boot's default.
 * Boot's customizers (threads, virtual threads, metrics) still apply, since they match by factory type.
 */
@Configuration(proxyBeanMethods = false)
class ServerFactories {

    @Bean
    @ConditionalOnProperty(name = "lab.server", havingValue = "jetty")
    JettyServletWebServerFactory jettyServletWebServerFactory(
            ObjectProvider<JettyServerCustomizer> serverCustomizers) {
        JettyServletWebServerFactory factory = new JettyServletWebServerFactory();
        factory.getServerCustomizers().addAll(serverCustomizers.orderedStream().toList());
        return factory;
    }

    @Bean
    @ConditionalOnProperty(name = "lab.server", havingValue = "undertow")
    UndertowServletWebServerFactory undertowServletWebServerFactory(
            ObjectProvider<UndertowDeploymentInfoCustomizer> deploymentInfoCustomizers,
            ObjectProvider<UndertowBuilderCustomizer> builderCustomizers) {
        UndertowServletWebServerFactory factory = new UndertowServletWebServerFactory();
        factory.getDeploymentInfoCustomizers().addAll(deploymentInfoCustomizers.orderedStream().toList());
        factory.getBuilderCustomizers().addAll(builderCustomizers.orderedStream().toList());
        return factory;
    }

    /** Spring Boot gives Undertow no virtual-thread support; servlet dispatch takes the deployment's executor. */
    @Bean
    @ConditionalOnProperty(name = "lab.server", havingValue = "undertow")
    UndertowDeploymentInfoCustomizer undertowVirtualThreads(Environment env) {
        boolean virtual = env.getProperty("spring.threads.virtual.enabled", Boolean.class, false);
        return info -> {
            if (virtual) {
                info.setExecutor(Executors
                        .newThreadPerTaskExecutor(Thread.ofVirtual().name("undertow-vt-", 0).factory()));
            }
        };
    }
}
