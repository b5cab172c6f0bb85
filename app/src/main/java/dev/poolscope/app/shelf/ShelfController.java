package dev.poolscope.app.shelf;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;

/** {@code GET /api/shelves/{id}?items=N}: a shelf and its first N products, one query per product (N+1). */
@RestController
class ShelfController {

    private final ShelfService shelves;

    ShelfController(ShelfService shelves) {
        this.shelves = shelves;
    }

    @GetMapping("/api/shelves/{id}")
    ShelfService.ShelfView shelf(@PathVariable long id, @RequestParam(defaultValue = "20") int items) {
        String invalid = ShelfRequest.invalid(id, items);
        if (invalid != null) {
            throw new InvalidInputException(invalid);
        }
        return shelves.shelf(id, items);
    }
}
