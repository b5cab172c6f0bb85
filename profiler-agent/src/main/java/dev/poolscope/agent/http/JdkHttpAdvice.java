package dev.poolscope.agent.http;

import dev.poolscope.agent.boot.JdkHttpBridge;

import net.bytebuddy.asm.Advice;

/**
 * Advice inlined into the JDK's {@code jdk.internal.net.http.HttpClientImpl}, which sees only the bootstrap
 * {@link JdkHttpBridge}; it names no other agent class (its exception handler is the bridge's too). Never loaded by
 * the agent.
 */
final class JdkHttpAdvice {
    private JdkHttpAdvice() {
    }

    /** {@code send(HttpRequest, BodyHandler)}: the caller's thread waits for the response. */
    static final class Send {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            JdkHttpBridge h = JdkHttpBridge.hooks;
            return h == null ? null : h.sendBegin();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object call, @Advice.Argument(0) Object request,
                @Advice.Return Object response, @Advice.Thrown Throwable thrown) {
            JdkHttpBridge h = JdkHttpBridge.hooks;
            if (call != null && h != null) {
                h.sendEnd(call, request, response, thrown);
            }
        }
    }

    /** {@code sendAsync(HttpRequest, BodyHandler, PushPromiseHandler)}, which the two-argument one calls. */
    static final class SendAsync {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            JdkHttpBridge h = JdkHttpBridge.hooks;
            return h == null ? null : h.asyncBegin();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object call, @Advice.Argument(0) Object request,
                @Advice.Return Object future, @Advice.Thrown Throwable thrown) {
            JdkHttpBridge h = JdkHttpBridge.hooks;
            if (call != null && h != null) {
                h.asyncEnd(call, request, future, thrown);
            }
        }
    }
}
