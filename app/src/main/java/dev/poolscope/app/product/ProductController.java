package dev.poolscope.app.product;

import java.util.List;
import java.util.Map;

import org.springframework.data.domain.Sort;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;
import dev.poolscope.app.web.NotFoundException;

/**
 * Cache-aside product reads (seed 002's GET /get, with the cache a real app would have), and the whole catalogue put in
 * the cache at once before a run (the launcher's {@code --prime-cache}).
 */
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

    /** Every product into the cache, a pipeline per {@value #FILL_BATCH}: {"cached": how many}. */
    @PostMapping("/api/products/cache")
    Map<String, Long> fill() {
        List<ProductView> all = products.findAll(Sort.by("id")).stream().map(ProductView::of).toList();
        long cached = 0;
        for (int from = 0; from < all.size(); from += FILL_BATCH) {
            cached += cache.putAll(all.subList(from, Math.min(all.size(), from + FILL_BATCH)));
        }
        return Map.of("cached", cached);
    }

    static final int FILL_BATCH = 1_000;
}
