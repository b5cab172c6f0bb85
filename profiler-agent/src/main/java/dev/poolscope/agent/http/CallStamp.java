package dev.poolscope.agent.http;

/**
 * Added to Reactor Netty's per-call {@code HttpClientConnect.HttpClientHandler} (with a field behind it): the call begun
 * at its first attempt rides on it to the event loop that receives the response, across redirects and retries.
 */
public interface CallStamp {
    String FIELD = "poolscope$call";

    Object poolscope$call();

    void poolscope$call(Object call);
}
