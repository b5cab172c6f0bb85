package dev.poolscope.testapp.cases.heldcall;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The slow downstream: {@code POST /prices/SKU} answers a price after {@code quotes.pricing-ms}. A JDK HTTP server on a
 * free loopback port, in this JVM so the case needs no second process.
 */
@Component
class PricingService implements DisposableBean {
    private final HttpServer server;
    private final ExecutorService threads;

    PricingService(@Value("${quotes.pricing-ms}") long answerMs,
            @Value("${quotes.pricing-threads}") int threads)
            throws IOException {
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
        this.threads = Executors.newFixedThreadPool(threads);
        server.createContext("/prices/", exchange -> {
            try (exchange) {
                exchange.getRequestBody().readAllBytes();
                Thread.sleep(answerMs);
                String sku = exchange.getRequestURI().getPath().substring("/prices/".length());
                byte[] body = ("{\"sku\":\"" + sku.replaceAll("[^A-Za-z0-9-]", "") + "\",\"cents\":"
                        + (1000 + Math.floorMod(sku.hashCode(), 9000)) + "}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.setExecutor(this.threads);
        server.start();
    }

    /** {@code http://127.0.0.1:PORT}. */
    String baseUrl() {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":"
                + server.getAddress().getPort();
    }

    @Override
    public void destroy() {
        server.stop(0);
        threads.shutdownNow();
    }
}
