package dev.poolscope.reactive;

import java.math.BigDecimal;

/** What clients and the cache see of a product: the servlet app's JSON, field for field. */
record ProductView(long id, String name, String description, BigDecimal price) {
}
