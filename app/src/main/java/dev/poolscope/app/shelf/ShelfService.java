package dev.poolscope.app.shelf;

import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.poolscope.app.product.Product;
import dev.poolscope.app.web.NotFoundException;

/**
 * The N+1 case (issue 24): a shelf, its items, then each item's product through its lazy association, the way JPA
 * code written without a fetch join meets it: 2 + N statements in one transaction, each item's product its own
 * {@code select ... from product where id = ?}.
 */
@Service
class ShelfService {

    record Item(int position, long productId, String name) {
    }

    record ShelfView(long id, String name, List<Item> items) {
    }

    private final ShelfRepository shelves;

    ShelfService(ShelfRepository shelves) {
        this.shelves = shelves;
    }

    @Transactional(readOnly = true)
    ShelfView shelf(long id, int items) {
        Shelf shelf = shelves.findById(id).orElseThrow(() -> new NotFoundException("no shelf " + id));
        List<Item> out = new ArrayList<>(items);
        for (ShelfItem item : shelf.getItems()) {
            if (out.size() == items) {
                break;
            }
            Product product = item.getProduct();
            out.add(new Item(item.getPosition(), product.getId(), product.getName()));
        }
        return new ShelfView(shelf.getId(), shelf.getName(), out);
    }
}
