package dev.poolscope.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

import picocli.CommandLine;

@SpringBootApplication
public class LabApplication {

    public static void main(String[] args) {
        LabCommand command = new LabCommand();
        CommandLine cli = new CommandLine(command);
        cli.setParameterExceptionHandler((e, a) -> {
            System.err.println("poolscope app: " + e.getMessage());
            return 2;
        });
        int exit = cli.execute(args);
        if (exit != 0 || command.springArgs() == null) {
            System.exit(exit);
        }
        SpringApplication.run(LabApplication.class, command.springArgs());
    }
}
