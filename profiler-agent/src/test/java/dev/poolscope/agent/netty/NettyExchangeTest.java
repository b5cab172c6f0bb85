package dev.poolscope.agent.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NettyExchangeTest {

    @Test
    void theUriLosesItsQueryString() {
        assertEquals("/api/products/7", NettyExchange.pathOf("/api/products/7?x=1&y=2"));
        assertEquals("/api/ping", NettyExchange.pathOf("/api/ping"));
        assertEquals("", NettyExchange.pathOf(null));
    }

    @Test
    void theRequestHeaderWinsElseWhatTheResponseSaysElseEmpty() {
        assertEquals("a", new NettyExchange(null, "a", "GET", "/", null).requestId());
        NettyExchange late = new NettyExchange(null, null, "GET", "/", null);
        assertEquals("", late.requestId());
        late.responseId("b");
        assertEquals("b", late.requestId());
        assertEquals("", NettyHooks.requestIdOf("not an exchange"));
    }
}
