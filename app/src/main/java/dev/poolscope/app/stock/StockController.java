package dev.poolscope.app.stock;

import java.util.Map;

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;

/** Seed 002's pessimistic-lock workload: many buyers, one row. */
@RestController
class StockController {

    private final StockService stock;

    StockController(StockService stock) {
        this.stock = stock;
    }

    @PostMapping("/api/stock/{id}/reserve")
    Map<String, Object> reserve(@PathVariable long id, @RequestParam(defaultValue = "1") int quantity) {
        if (id < 1) {
            throw new InvalidInputException("product id must be positive, got " + id);
        }
        if (quantity < 1 || quantity > 100) {
            throw new InvalidInputException("quantity must be between 1 and 100, got " + quantity);
        }
        return Map.of("productId", id, "remaining", stock.reserve(id, quantity));
    }
}
