package dev.poolscope.reactive;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;
import reactor.core.publisher.Mono;

/** {@code GET /api/shelves/{id}?items=N}: a shelf and its first N products, one query per product (N+1). */
@RestController
class ShelfController {

    /** Items on every shelf (the servlet app's V3__shelves.sql). */
    static final int SHELF_SIZE = 100;
    private final Shelves shelves;

    ShelfController(Shelves shelves) {
        this.shelves = shelves;
    }

    @GetMapping("/api/shelves/{id}")
    Mono<Shelves.ShelfView> shelf(@PathVariable long id, @RequestParam(defaultValue = "20") int items) {
        if (id < 1) {
            return Mono.error(new InvalidInputException("shelf id must be positive, got " + id));
        }
        if (items < 1 || items > SHELF_SIZE) {
            return Mono.error(
                    new InvalidInputException(
                            "items must be between 1 and " + SHELF_SIZE + ", got " + items));
        }
        return shelves.shelf(id, items);
    }
}
