package dev.poolscope.testapp.orders;

import java.util.Map;
import java.util.Optional;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

@Repository
class Orders {

    private final JdbcTemplate jdbc;
    private final long taxCallMs;

    Orders(JdbcTemplate jdbc, @Value("${orders.tax-call-ms:50}") long taxCallMs) {
        this.jdbc = jdbc;
        this.taxCallMs = taxCallMs;
    }

    Optional<Map<String, Object>> find(long id) {
        return jdbc.queryForList("SELECT id, customer, total FROM orders WHERE id = ?", id).stream()
                .findFirst();
    }

    /**
     * The mistake this app exists to show: the remote tax call happens inside the transaction, so its pooled
     * connection stays borrowed, idle, for the whole call.
     */
    @Transactional
    Optional<Map<String, Object>> invoice(long id) throws InterruptedException {
        Optional<Map<String, Object>> order = find(id);
        if (order.isEmpty()) {
            return order;
        }
        Thread.sleep(taxCallMs);
        jdbc.update("UPDATE orders SET invoiced = invoiced + 1 WHERE id = ?", id);
        return order;
    }
}
