package dev.poolscope.reactive;

import java.util.Map;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;
import reactor.core.publisher.Mono;

/** Seed 002's pessimistic-lock workload: many buyers, one row. */
@RestController
class StockController {

    private final Stock stock;

    StockController(Stock stock) {
        this.stock = stock;
    }

    @PostMapping("/api/stock/{id}/reserve")
    Mono<Map<String, Object>> reserve(@PathVariable long id, @RequestParam(defaultValue = "1") int quantity) {
        if (id < 1) {
            return Mono.error(new InvalidInputException("product id must be positive, got " + id));
        }
        if (quantity < 1 || quantity > 100) {
            return Mono
                    .error(new InvalidInputException("quantity must be between 1 and 100, got " + quantity));
        }
        return stock.reserveInTransaction(id, quantity)
                .map(remaining -> Map.<String, Object>of("productId", id, "remaining", remaining));
    }
}
