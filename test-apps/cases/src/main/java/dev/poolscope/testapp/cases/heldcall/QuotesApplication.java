package dev.poolscope.testapp.cases.heldcall;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

import dev.poolscope.testapp.cases.Health;

/**
 * held-call: quoting a product opens a transaction, records the quote, asks a pricing service over HTTP for the price
 * and stores it, all on one borrowed connection. The pricing service is slow (a local HTTP server in this JVM, not
 * a servlet, so it is no request of the app's), and every quote's connection stays borrowed, idle, while the worker
 * waits for it inside the JDK's HttpClient, called through Spring's RestClient.
 */
@SpringBootApplication
@Import(Health.class)
@PropertySource("classpath:cases/held-call.properties")
public class QuotesApplication {
}
