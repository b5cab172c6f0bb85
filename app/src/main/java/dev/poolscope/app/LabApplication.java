package dev.poolscope.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

import dev.poolscope.app.options.SpringCommand;

@SpringBootApplication
public class LabApplication {

    public static void main(String[] args) {
        SpringApplication.run(LabApplication.class, SpringCommand.springArgsOrExit(new LabCommand(), args));
    }
}
