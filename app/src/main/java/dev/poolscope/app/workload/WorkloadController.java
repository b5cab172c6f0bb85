package dev.poolscope.app.workload;

import java.util.Map;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;

/** The seeds' synthetic workloads: nothing, blocking, and CPU. */
@RestController
@RequestMapping("/api")
class WorkloadController {

    static final int MAX_SLEEP_MS = 60_000;
    static final long MAX_ITERATIONS = 2_000_000_000L;

    @GetMapping("/ping")
    Map<String, String> ping() {
        return Map.of("reply", "pong");
    }

    @GetMapping("/sleep")
    Map<String, Object> sleep(@RequestParam(defaultValue = "1000") int ms) throws InterruptedException {
        if (ms < 0 || ms > MAX_SLEEP_MS) {
            throw new InvalidInputException("ms must be between 0 and " + MAX_SLEEP_MS + ", got " + ms);
        }
        Thread.sleep(ms);
        return Map.of("sleptMs", ms);
    }

    @GetMapping("/cpu")
    Map<String, Object> cpu(@RequestParam(defaultValue = "10000000") long iterations) {
        if (iterations < 1 || iterations > MAX_ITERATIONS) {
            throw new InvalidInputException(
                    "iterations must be between 1 and " + MAX_ITERATIONS + ", got " + iterations);
        }
        return Map.of("iterations", iterations, "result", Spin.run(iterations));
    }
}
