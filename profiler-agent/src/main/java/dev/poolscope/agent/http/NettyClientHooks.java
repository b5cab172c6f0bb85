package dev.poolscope.agent.http;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.format.event.HttpCallEvent;

/** What the Reactor Netty client advice calls, with plain types only. */
public final class NettyClientHooks {
    /** On the stamp once the call is over, or when it is not recorded: later attempts and ends do nothing. */
    private static final Object DONE = Boolean.TRUE;

    private NettyClientHooks() {
    }

    /** An attempt of the call is subscribed; the first one begins the call. */
    public static void attempt(Object handler, Object contextRequest) {
        try {
            if (handler instanceof CallStamp stamp && stamp.poolscope$call() == null) {
                Object call = HttpCalls.beginAsync(HttpCallEvent.CLIENT_REACTOR_NETTY, contextRequest);
                stamp.poolscope$call(call == null ? DONE : call);
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** The response's headers arrived, or the call failed for good ({@code status} -1, {@code failure} set). */
    public static void end(Object handler, String url, String method, int status, Throwable failure) {
        try {
            if (handler instanceof CallStamp stamp) {
                Object call = stamp.poolscope$call();
                if (call == null || call == DONE) {
                    return;
                }
                stamp.poolscope$call(DONE);
                HttpCalls.endAsync(call, HttpTarget.of(url), method, status, failure);
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }
}
