package dev.poolscope.agent.netty;

import io.netty.handler.codec.http.HttpHeaders;
import net.bytebuddy.asm.Advice;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.util.context.Context;

/**
 * Advice inlined into Reactor Netty's {@code HttpServerOperations}; its types resolve there. Never loaded by the
 * agent. No string concatenation or lambdas: they would compile to invokedynamic.
 */
final class NettyAdvice {
    private NettyAdvice() {
    }

    /**
     * The exchange's constructor, run on the channel's event loop once the request head is decoded: the span
     * begins, and the exchange goes into the context Reactor Netty hands the application's handler subscriber.
     */
    static final class Created {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object self,
                @Advice.FieldValue(value = "currentContext", readOnly = false) Context context) {
            HttpServerRequest request = (HttpServerRequest) self;
            HttpServerResponse response = (HttpServerResponse) self;
            HttpHeaders headers = request.requestHeaders();
            Object exchange = NettyHooks.begin(self, headers.get(NettyHooks.REQUEST_ID_HEADER),
                    request.method().name(), request.uri(), response.responseHeaders());
            if (exchange != null && context != null) {
                context = context.put(NettyHooks.CONTEXT_KEY, exchange);
            }
        }
    }

    /** {@code afterInboundComplete()}: called only from {@code terminate()}, once the exchange is over. */
    static final class Ended {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object self) {
            Object taken = NettyHooks.take(self);
            if (taken != null) {
                HttpServerResponse response = (HttpServerResponse) self;
                NettyHooks.end(taken, response.status().code(),
                        response.responseHeaders().get(NettyHooks.REQUEST_ID_HEADER));
            }
        }
    }
}
