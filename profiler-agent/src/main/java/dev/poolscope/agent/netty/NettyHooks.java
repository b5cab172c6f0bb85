package dev.poolscope.agent.netty;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.request.RequestHooks;

import java.util.concurrent.atomic.AtomicInteger;

/** What the Reactor Netty advice calls, with plain types only. */
public final class NettyHooks {
    /** The Reactor Context key under which a request's chain finds its {@link NettyExchange}. */
    public static final String CONTEXT_KEY = "poolscope.request";
    public static final String REQUEST_ID_HEADER = RequestHooks.REQUEST_ID_HEADER;
    private static final ThreadLocal<Boolean> DECODER = new ThreadLocal<>();
    private static final AtomicInteger LOOPS = new AtomicInteger();

    private NettyHooks() {
    }

    /** The request was decoded: opens its span and stamps it on the exchange. Returns the context value. */
    public static Object begin(Object ops, String requestHeaderId, String method, String uri,
            Object responseHeaders) {
        try {
            if (!(ops instanceof ExchangeStamp stamp) || stamp.poolscope$exchange() != null) {
                return null;
            }
            if (DECODER.get() == null) {
                DECODER.set(Boolean.TRUE);
                LOOPS.incrementAndGet();
            }
            Object span = RequestHooks.beginDetached();
            if (span == null) {
                return null;
            }
            NettyExchange x = new NettyExchange(span, requestHeaderId, method, uri, responseHeaders);
            stamp.poolscope$exchange(x);
            return x;
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    /** Takes the exchange's span once: the end can be reached more than once. */
    public static Object take(Object ops) {
        if (ops instanceof ExchangeStamp stamp) {
            Object x = stamp.poolscope$exchange();
            if (x instanceof NettyExchange) {
                stamp.poolscope$exchange(Boolean.TRUE);
                return x;
            }
        }
        return null;
    }

    public static void end(Object taken, int status, String responseId) {
        try {
            if (taken instanceof NettyExchange x) {
                x.responseId(responseId);
                RequestHooks.commitDetached(x.span, x.requestId(), x.method, x.path, status, "netty");
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** The request id of a context value, or empty when the value is not a request of ours. */
    public static String requestIdOf(Object contextValue) {
        return contextValue instanceof NettyExchange x ? x.requestId() : "";
    }

    /** Threads that decoded a request: the HTTP server's event loops that got connections; 0 when none. */
    public static int eventLoops() {
        return LOOPS.get();
    }
}
