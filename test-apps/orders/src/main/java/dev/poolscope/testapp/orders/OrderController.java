package dev.poolscope.testapp.orders;

import java.util.Map;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

@RestController
class OrderController {

    private final Orders orders;

    OrderController(Orders orders) {
        this.orders = orders;
    }

    @GetMapping("/health")
    Map<String, String> health() {
        return Map.of("status", "UP");
    }

    @GetMapping("/orders/{id}")
    Map<String, Object> order(@PathVariable long id) {
        return orders.find(id).orElseThrow(() -> notFound(id));
    }

    @PostMapping("/orders/{id}/invoice")
    Map<String, Object> invoice(@PathVariable long id) throws InterruptedException {
        return orders.invoice(id).orElseThrow(() -> notFound(id));
    }

    private static ResponseStatusException notFound(long id) {
        return new ResponseStatusException(HttpStatus.NOT_FOUND, "no order " + id);
    }
}
