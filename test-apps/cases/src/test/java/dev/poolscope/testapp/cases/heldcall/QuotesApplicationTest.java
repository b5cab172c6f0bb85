package dev.poolscope.testapp.cases.heldcall;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The case's defining fault, on the real app: each quote keeps its pooled connection for the whole pricing call. With
 * one connection, two quotes sent together cannot both finish before two pricing calls have passed one after the
 * other (a floor, whatever the machine's load).
 */
@SpringBootTest(classes = QuotesApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "spring.datasource.hikari.maximum-pool-size=1", "quotes.pricing-ms=300"})
class QuotesApplicationTest {
    @LocalServerPort
    int port;

    @Test
    void twoQuotesOnOneConnectionWaitForEachOthersPricingCall() {
        HttpClient http = HttpClient.newHttpClient();
        long start = System.nanoTime();
        List<CompletableFuture<HttpResponse<String>>> quotes = List.of("a-1", "b-2").stream()
                .map(sku -> http.sendAsync(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/quotes/" + sku))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()))
                .toList();
        List<HttpResponse<String>> answers = quotes.stream().map(CompletableFuture::join).toList();
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;

        assertThat(answers).allSatisfy(r -> {
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).matches(".*\"cents\":\\d{4}.*");
        });
        assertThat(elapsedMs).as("two 300-ms pricing calls, one after the other on one connection")
                .isGreaterThanOrEqualTo(600);
    }
}
