package dev.poolscope.app.stock;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Stock {

    @Id
    @Column(name = "product_id")
    private Long productId;
    private int quantity;

    protected Stock() {
    }

    public Long getProductId() {
        return productId;
    }

    public int getQuantity() {
        return quantity;
    }

    /** Takes {@code amount} out of stock; false, and no change, when there is not enough. */
    public boolean take(int amount) {
        if (quantity < amount) {
            return false;
        }
        quantity -= amount;
        return true;
    }
}
