package dev.poolscope.app.product;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;
import dev.poolscope.app.web.NotFoundException;

/** Cache-aside product reads (seed 002's GET /get, with the cache a real app would have). */
@RestController
class ProductController {

    private final ProductCache cache;
    private final ProductRepository products;

    ProductController(ProductCache cache, ProductRepository products) {
        this.cache = cache;
        this.products = products;
    }

    @GetMapping("/api/products/{id}")
    ProductView product(@PathVariable long id) {
        if (id < 1) {
            throw new InvalidInputException("product id must be positive, got " + id);
        }
        return cache.get(id).orElseGet(() -> {
            ProductView loaded = products.findById(id)
                    .map(ProductView::of)
                    .orElseThrow(() -> new NotFoundException("no product " + id));
            cache.put(loaded);
            return loaded;
        });
    }
}
