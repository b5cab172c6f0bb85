package dev.poolscope.app;

import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class LabApplication {
    public static void main(String[] args) {
        org.springframework.boot.SpringApplication.run(LabApplication.class, args);
    }
}
