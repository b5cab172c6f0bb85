package dev.poolscope.testapp.orders;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * Not the lab app: the kind of app a user brings to {@code ./poolscope run --app-cmd}. Orders in an in-memory H2
 * behind a small HikariCP pool; invoicing an order calls a (simulated) tax service inside its transaction, so
 * the connection is held across work that is not the database's.
 */
@SpringBootApplication
public class OrdersApplication {

    public static void main(String[] args) {
        SpringApplication.run(OrdersApplication.class, args);
    }
}
