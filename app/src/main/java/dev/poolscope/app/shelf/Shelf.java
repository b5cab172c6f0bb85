package dev.poolscope.app.shelf;

import java.util.List;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;

@Entity
class Shelf {

    @Id
    private Long id;
    private String name;
    @OneToMany(mappedBy = "shelf")
    @OrderBy("position")
    private List<ShelfItem> items;

    protected Shelf() {
    }

    Long getId() {
        return id;
    }

    String getName() {
        return name;
    }

    List<ShelfItem> getItems() {
        return items;
    }
}
