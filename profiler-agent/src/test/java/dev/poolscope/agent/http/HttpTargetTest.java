package dev.poolscope.agent.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URI;

import org.junit.jupiter.api.Test;

/** A target is scheme, host and port only: nothing of a URL that could carry a secret or an id reaches a recording. */
class HttpTargetTest {

    @Test
    void pathQueryFragmentAndUserInfoAreDropped() {
        assertEquals("https://pay.example.com:443",
                HttpTarget.of(URI.create("https://user:secret@Pay.Example.com/v1/charge/42?token=abc#x")));
        assertEquals("http://10.0.0.5:8081",
                HttpTarget.of("http://admin:pw@10.0.0.5:8081/orders/7?debug=1"));
    }

    @Test
    void theDefaultPortIsFilledInFromTheScheme() {
        assertEquals("http://inventory:80", HttpTarget.of(URI.create("http://inventory/items")));
        assertEquals("https://inventory:443", HttpTarget.of(URI.create("HTTPS://inventory")));
        assertEquals("http://inventory:80", HttpTarget.of(null, "inventory", -1));
    }

    @Test
    void ipv6LiteralsKeepTheirBrackets() {
        assertEquals("http://[::1]:9000", HttpTarget.of(URI.create("http://[::1]:9000/x")));
        assertEquals("http://[::1]:9000", HttpTarget.of("http", "::1", 9000));
    }

    @Test
    void aHostThatUriCannotParseIsReadFromTheAuthority() {
        // java.net.URI leaves getHost() null for an underscore, which container host names often have.
        assertEquals("http://price_svc:8080", HttpTarget.of(URI.create("http://price_svc:8080/p")));
    }

    @Test
    void noHostNoTarget() {
        assertNull(HttpTarget.of(URI.create("/relative/path")));
        assertNull(HttpTarget.of("not a url"));
        assertNull(HttpTarget.of(42));
        assertNull(HttpTarget.of("http", "", 80));
    }

    @Test
    void aLongHostIsCutToTheBound() {
        String host = "a".repeat(400) + ".example.com";
        assertEquals(HttpTarget.MAX_LENGTH, HttpTarget.of("http", host, 80).length());
    }
}
