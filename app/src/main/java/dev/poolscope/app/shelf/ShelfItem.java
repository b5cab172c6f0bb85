package dev.poolscope.app.shelf;

import dev.poolscope.app.product.Product;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** One product on a shelf. Both associations are lazy, as most JPA guides advise. */
@Entity
@Table(name = "shelf_item")
class ShelfItem {

    @Id
    private Long id;
    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "shelf_id")
    private Shelf shelf;
    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "product_id")
    private Product product;
    private int position;

    protected ShelfItem() {
    }

    Product getProduct() {
        return product;
    }

    int getPosition() {
        return position;
    }
}
