package dev.poolscope.reactive;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.shelf.ShelfRequest;
import dev.poolscope.app.web.InvalidInputException;
import reactor.core.publisher.Mono;

/** {@code GET /api/shelves/{id}?items=N}: a shelf and its first N products, one query per product (N+1). */
@RestController
class ShelfController {

    private final Shelves shelves;

    ShelfController(Shelves shelves) {
        this.shelves = shelves;
    }

    @GetMapping("/api/shelves/{id}")
    Mono<Shelves.ShelfView> shelf(@PathVariable long id, @RequestParam(defaultValue = "20") int items) {
        String invalid = ShelfRequest.invalid(id, items);
        return invalid != null ? Mono.error(new InvalidInputException(invalid)) : shelves.shelf(id, items);
    }
}
