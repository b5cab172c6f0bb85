package dev.poolscope.testapp.cases.heldcall;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Map;

import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.client.RestClient;

@Service
class Quotes {
    private final JdbcTemplate jdbc;
    private final RestClient pricing;

    Quotes(JdbcTemplate jdbc, PricingService service) {
        this.jdbc = jdbc;
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        this.pricing = RestClient.builder().baseUrl(service.baseUrl())
                .requestFactory(new JdkClientHttpRequestFactory(http)).build();
        jdbc.execute("CREATE TABLE IF NOT EXISTS quotes (id IDENTITY PRIMARY KEY, sku VARCHAR(64) NOT NULL,"
                + " cents INT)");
    }

    /**
     * The mistake this case exists to show: the pricing call is made inside the transaction, so the connection that
     * recorded the quote stays borrowed for the whole call.
     */
    @Transactional
    Map<String, Object> quote(String sku) {
        jdbc.update("INSERT INTO quotes (sku) VALUES (?)", sku);
        Long id = jdbc.queryForObject("SELECT MAX(id) FROM quotes WHERE sku = ?", Long.class, sku);
        Price price = pricing.post().uri("/prices/{sku}", sku).contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("sku", sku)).retrieve().body(Price.class);
        int cents = price == null ? 0 : price.cents();
        jdbc.update("UPDATE quotes SET cents = ? WHERE id = ?", cents, id);
        return Map.of("id", id, "sku", sku, "cents", cents);
    }

    record Price(String sku, int cents) {
    }
}
