package dev.poolscope.reactive;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

import dev.poolscope.app.web.RequestIds;
import reactor.core.publisher.Mono;

/** The servlet app's request id contract ({@link RequestIds}) on WebFlux. */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestIdFilter implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String id = RequestIds.usable(exchange.getRequest().getHeaders().getFirst(RequestIds.HEADER));
        exchange.getResponse().getHeaders().set(RequestIds.HEADER, id);
        return chain.filter(exchange);
    }
}
