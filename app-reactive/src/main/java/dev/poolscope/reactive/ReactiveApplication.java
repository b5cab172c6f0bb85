package dev.poolscope.reactive;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.ComponentScan;

import dev.poolscope.app.options.SpringCommand;

/**
 * The lab app on the reactive stack. The embedded PostgreSQL and Redis come from the servlet app's jar (its
 * environment post-processors start them and its backend configuration stops them last), so both stacks run on
 * the same servers, schema and data.
 */
@SpringBootApplication
@ComponentScan(basePackages = {"dev.poolscope.reactive", "dev.poolscope.app.backend"})
public class ReactiveApplication {

    public static void main(String[] args) {
        String[] springArgs = SpringCommand.springArgsOrExit(new ReactiveCommand(), args);
        SpringApplication app = new SpringApplication(ReactiveApplication.class);
        app.setWebApplicationType(WebApplicationType.REACTIVE);
        app.run(springArgs);
    }
}
