package dev.poolscope.app.checkout;

import java.math.BigDecimal;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

@Entity
class PurchaseOrder {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Column(name = "user_id")
    private long userId;
    @Column(name = "product_id")
    private long productId;
    private int quantity;
    private BigDecimal total;

    protected PurchaseOrder() {
    }

    PurchaseOrder(long userId, long productId, int quantity, BigDecimal total) {
        this.userId = userId;
        this.productId = productId;
        this.quantity = quantity;
        this.total = total;
    }

    Long getId() {
        return id;
    }
}
