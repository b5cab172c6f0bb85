package dev.poolscope.agent.http;

import dev.poolscope.format.event.HttpCallEvent;

import net.bytebuddy.asm.Advice;

/** Advice inlined into OkHttp's {@code RealCall.execute()} (OkHttp 3, 4 and 5). Never loaded by the agent. */
final class OkHttpAdvice {
    private OkHttpAdvice() {
    }

    static final class Execute {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return HttpCalls.enter(HttpCallEvent.CLIENT_OKHTTP);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object call, @Advice.This okhttp3.Call self,
                @Advice.Return okhttp3.Response response, @Advice.Thrown Throwable thrown) {
            String target = null;
            String method = null;
            int status = HttpCallEvent.NO_STATUS;
            try {
                okhttp3.Request request = self.request();
                target = HttpTarget.of(request.url().scheme(), request.url().host(), request.url().port());
                method = request.method();
                if (response != null) {
                    status = response.code();
                }
            } catch (Throwable t) {
                // What could be read is recorded.
            }
            HttpCalls.exit(call, target, method, status, thrown);
        }
    }
}
