package dev.poolscope.reactive;

import java.util.UUID;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

import reactor.core.publisher.Mono;

/** The servlet app's request id contract: the client's usable {@code X-Request-Id}, else a new one, echoed back. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestIdFilter implements WebFilter {

    static final String HEADER = "X-Request-Id";

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String id = usable(exchange.getRequest().getHeaders().getFirst(HEADER));
        exchange.getResponse().getHeaders().set(HEADER, id);
        return chain.filter(exchange);
    }

    static String usable(String id) {
        if (id == null || id.isBlank() || id.length() > 200
                || !id.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            return UUID.randomUUID().toString();
        }
        return id;
    }
}
