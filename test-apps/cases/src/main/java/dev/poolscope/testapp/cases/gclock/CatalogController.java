package dev.poolscope.testapp.cases.gclock;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
class CatalogController {
    private final PageCache cache;
    private final int ids;

    CatalogController(PageCache cache, @Value("${catalog.page-ids}") int ids) {
        this.cache = cache;
        this.ids = ids;
    }

    /** A random page of the catalogue: more pages than the cache holds, so most requests publish a new one. */
    @GetMapping("/catalog/page")
    Map<String, Integer> page() {
        int id = ThreadLocalRandom.current().nextInt(ids);
        return Map.of("page", id, "bytes", cache.page(id));
    }
}
