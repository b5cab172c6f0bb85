package dev.poolscope.reactive;

import java.time.Duration;
import java.util.Map;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;
import dev.poolscope.app.workload.Spin;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** The seeds' synthetic workloads: nothing, waiting (on a timer, no thread held), and CPU. */
@RestController
@RequestMapping("/api")
class WorkloadController {

    static final int MAX_SLEEP_MS = 60_000;
    static final long MAX_ITERATIONS = 2_000_000_000L;

    private final boolean cpuOnLoop;

    WorkloadController(@Value("${lab.cpu-on:loop}") String cpuOn) {
        if (!cpuOn.equals("loop") && !cpuOn.equals("parallel")) {
            throw new IllegalArgumentException("lab.cpu-on must be loop or parallel, got '" + cpuOn + "'");
        }
        this.cpuOnLoop = cpuOn.equals("loop");
    }

    @GetMapping("/ping")
    Mono<Map<String, String>> ping() {
        return Mono.just(Map.of("reply", "pong"));
    }

    @GetMapping("/sleep")
    Mono<Map<String, Object>> sleep(@RequestParam(defaultValue = "1000") int ms) {
        if (ms < 0 || ms > MAX_SLEEP_MS) {
            return Mono.error(
                    new InvalidInputException("ms must be between 0 and " + MAX_SLEEP_MS + ", got " + ms));
        }
        return Mono.delay(Duration.ofMillis(ms)).thenReturn(Map.of("sleptMs", ms));
    }

    @GetMapping("/cpu")
    Mono<Map<String, Object>> cpu(@RequestParam(defaultValue = "10000000") long iterations) {
        if (iterations < 1 || iterations > MAX_ITERATIONS) {
            return Mono.error(new InvalidInputException(
                    "iterations must be between 1 and " + MAX_ITERATIONS + ", got " + iterations));
        }
        Mono<Map<String, Object>> work = Mono
                .fromSupplier(() -> Map.of("iterations", iterations, "result", Spin.run(iterations)));
        return cpuOnLoop ? work : work.subscribeOn(Schedulers.parallel());
    }
}
