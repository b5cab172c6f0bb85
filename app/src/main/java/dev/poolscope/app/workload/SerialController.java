package dev.poolscope.app.workload;

import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;

/**
 * A lock-bound workload: every request takes the same monitor and keeps it for {@code ms}, as code does that guards
 * a non-thread-safe client or a legacy cache with one {@code synchronized} block. Throughput is capped at 1000 / ms
 * requests per second whatever the thread count.
 */
@RestController
class SerialController {

    static final int MAX_MS = 1000;

    private final Object lock = new Object();

    @GetMapping("/api/serial")
    Map<String, Object> serial(@RequestParam(defaultValue = "10") int ms) throws InterruptedException {
        if (ms < 0 || ms > MAX_MS) {
            throw new InvalidInputException("ms must be between 0 and " + MAX_MS + ", got " + ms);
        }
        synchronized (lock) {
            Thread.sleep(ms);
        }
        return Map.of("heldMs", ms);
    }
}
