package dev.poolscope.reactive;

import java.math.BigDecimal;

/** A placed order, as the servlet app returns it. */
record Placed(long orderId, long productId, int quantity, BigDecimal total) {
}
