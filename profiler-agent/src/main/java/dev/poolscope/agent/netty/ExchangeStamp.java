package dev.poolscope.agent.netty;

/**
 * Added to Reactor Netty's {@code HttpServerOperations} (with a field behind it) so the request's span travels with
 * the exchange from its decoding to its end, without a global map.
 */
public interface ExchangeStamp {
    String FIELD = "poolscope$exchange";

    Object poolscope$exchange();

    void poolscope$exchange(Object exchange);
}
