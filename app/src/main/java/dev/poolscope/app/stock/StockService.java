package dev.poolscope.app.stock;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import dev.poolscope.app.web.ConflictException;
import dev.poolscope.app.web.NotFoundException;

@Service
public class StockService {

    private final StockRepository stocks;

    StockService(StockRepository stocks) {
        this.stocks = stocks;
    }

    /** Locks the row, then takes {@code quantity}; the caller's transaction keeps the lock until commit. */
    @Transactional
    public int reserve(long productId, int quantity) {
        Stock stock = stocks.lockByProductId(productId)
                .orElseThrow(() -> new NotFoundException("no stock for product " + productId));
        if (!stock.take(quantity)) {
            throw new ConflictException("product " + productId + " is sold out");
        }
        return stock.getQuantity();
    }
}
