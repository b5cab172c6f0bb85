package dev.poolscope.testapp.cases;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.springframework.boot.SpringApplication;

import dev.poolscope.testapp.cases.digest.DigestApplication;
import dev.poolscope.testapp.cases.gclock.CatalogApplication;
import dev.poolscope.testapp.cases.heldcall.QuotesApplication;
import dev.poolscope.testapp.cases.warmup.LedgerApplication;

/**
 * Not the lab app: four small services a user might bring to {@code ./poolscope run --app-cmd}, one known cause each,
 * chosen by the first argument ({@code java -jar cases.jar held-call --server.port=8080}). Each is its own Spring Boot
 * application in its own package; they share only this launcher and the jar.
 */
public final class Cases {
    private static final Map<String, Class<?>> APPS = Map.of("held-call", QuotesApplication.class, "gc-lock",
            CatalogApplication.class, "digest", DigestApplication.class, "warmup", LedgerApplication.class);

    private Cases() {
    }

    public static void main(String[] args) {
        Class<?> app = args.length == 0 ? null : APPS.get(args[0]);
        if (app == null) {
            System.err
                    .println("usage: java -jar cases.jar " + String.join("|", APPS.keySet().stream().sorted()
                            .toList()) + " [--server.port=N] [--NAME=VALUE ...]");
            System.exit(2);
        }
        SpringApplication spring = new SpringApplication(app);
        Map<String, Object> defaults = new HashMap<>();
        defaults.put("server.address", "127.0.0.1");
        defaults.put("spring.main.banner-mode", "off");
        defaults.put("spring.mvc.problemdetails.enabled", "true");
        spring.setDefaultProperties(defaults);
        spring.run(Arrays.copyOfRange(args, 1, args.length));
    }
}
