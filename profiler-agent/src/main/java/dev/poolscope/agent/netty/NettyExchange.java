package dev.poolscope.agent.netty;

import dev.poolscope.agent.Suppressed;

import java.lang.reflect.Method;

/**
 * One Reactor Netty exchange as the agent sees it: its span, what was read when it was decoded, and the response
 * headers, read again only when an id is needed and the client sent none. It is the value the agent puts in the
 * request's Reactor Context, so code in the request's chain can name the request.
 */
public final class NettyExchange {
    private static final ClassValue<Method> HEADER_GET = new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
            try {
                return type.getMethod("get", String.class);
            } catch (NoSuchMethodException e) {
                return null;
            }
        }
    };

    final Object span;
    final String method;
    final String path;
    private final String requestHeaderId;
    private final Object responseHeaders;
    private volatile String responseId;

    NettyExchange(Object span, String requestHeaderId, String method, String uri, Object responseHeaders) {
        this.span = span;
        this.requestHeaderId = requestHeaderId;
        this.method = method;
        this.path = pathOf(uri);
        this.responseHeaders = responseHeaders;
    }

    /** The request header, else the response header the application set (read now, then kept), else empty. */
    public String requestId() {
        if (requestHeaderId != null) {
            return requestHeaderId;
        }
        String id = responseId;
        if (id == null) {
            id = readResponseId();
            if (id != null) {
                responseId = id;
            }
        }
        return id == null ? "" : id;
    }

    void responseId(String id) {
        if (id != null) {
            responseId = id;
        }
    }

    private String readResponseId() {
        try {
            if (responseHeaders == null) {
                return null;
            }
            Method get = HEADER_GET.get(responseHeaders.getClass());
            return get == null ? null : (String) get.invoke(responseHeaders, NettyHooks.REQUEST_ID_HEADER);
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    static String pathOf(String uri) {
        if (uri == null) {
            return "";
        }
        int q = uri.indexOf('?');
        return q < 0 ? uri : uri.substring(0, q);
    }
}
