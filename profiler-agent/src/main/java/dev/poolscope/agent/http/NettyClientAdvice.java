package dev.poolscope.agent.http;

import dev.poolscope.agent.netty.NettyHooks;

import net.bytebuddy.asm.Advice;
import reactor.core.publisher.MonoSink;
import reactor.netty.http.client.HttpClientResponse;
import reactor.netty.http.client.HttpClientState;

/**
 * Advice inlined into Reactor Netty's client ({@code reactor.netty.http.client.HttpClientConnect}), under
 * {@code WebClient}; Reactor types resolve there. Never loaded by the agent.
 */
final class NettyClientAdvice {
    private NettyClientAdvice() {
    }

    /** {@code HttpObserver(MonoSink, HttpClientHandler)}: an attempt is subscribed, on the subscribing thread. */
    static final class Attempt {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.Argument(0) MonoSink<?> sink, @Advice.Argument(1) Object handler) {
            NettyClientHooks.attempt(handler, sink.contextView().getOrDefault(NettyHooks.CONTEXT_KEY, null));
        }
    }

    /** {@code HttpIOHandlerObserver.onStateChange(Connection, State)}: the response's headers are in. */
    static final class Responded {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("handler") Object handler, @Advice.Argument(0) Object connection,
                @Advice.Argument(1) Object state) {
            if (state == HttpClientState.RESPONSE_RECEIVED && connection instanceof HttpClientResponse r) {
                NettyClientHooks.end(handler, r.resourceUrl(), r.method().name(), r.status().code(), null);
            }
        }
    }

    /** {@code HttpClientHandler.test(Throwable)}: false when the error is not retried or redirected, so final. */
    static final class Failed {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object handler, @Advice.Return boolean retried,
                @Advice.Argument(0) Throwable error, @Advice.FieldValue("toURI") Object uri,
                @Advice.FieldValue("method") Object method) {
            if (!retried) {
                NettyClientHooks.end(handler, String.valueOf(uri), String.valueOf(method), -1, error);
            }
        }
    }
}
