package dev.poolscope.app.checkout;

import dev.poolscope.app.web.InvalidInputException;

/** POST /api/checkout body; the reactive app validates it the same way. */
public record CheckoutRequest(Long userId, Long productId, Integer quantity) {

    public CheckoutRequest validated() {
        if (userId == null || userId < 1) {
            throw new InvalidInputException("userId must be a positive number");
        }
        if (productId == null || productId < 1) {
            throw new InvalidInputException("productId must be a positive number");
        }
        int q = quantity == null ? 1 : quantity;
        if (q < 1 || q > 10) {
            throw new InvalidInputException("quantity must be between 1 and 10, got " + q);
        }
        return new CheckoutRequest(userId, productId, q);
    }
}
