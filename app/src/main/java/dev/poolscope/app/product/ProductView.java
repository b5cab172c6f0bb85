package dev.poolscope.app.product;

import java.math.BigDecimal;

/** What clients and the cache see of a product. */
record ProductView(long id, String name, String description, BigDecimal price) {

    static ProductView of(Product p) {
        return new ProductView(p.getId(), p.getName(), p.getDescription(), p.getPrice());
    }
}
