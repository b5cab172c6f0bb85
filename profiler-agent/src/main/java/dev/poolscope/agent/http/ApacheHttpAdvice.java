package dev.poolscope.agent.http;

import dev.poolscope.format.event.HttpCallEvent;

import net.bytebuddy.asm.Advice;

/**
 * Advice inlined into Apache HttpClient's {@code CloseableHttpClient}, 4 ({@code org.apache.http}) and 5's classic
 * API ({@code org.apache.hc.client5}): every {@code execute} overload (and 5's {@code executeOpen}, which calls one).
 * They call each other, so each is a level of one call. Never loaded by the agent.
 */
final class ApacheHttpAdvice {
    private ApacheHttpAdvice() {
    }

    static final class Execute4 {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return HttpCalls.enter(HttpCallEvent.CLIENT_APACHE4);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object call, @Advice.AllArguments Object[] args,
                @Advice.Return Object returned, @Advice.Thrown Throwable thrown) {
            String target = null;
            String method = null;
            int status = HttpCallEvent.NO_STATUS;
            try {
                for (Object a : args) {
                    if (a instanceof org.apache.http.HttpHost h) {
                        target = HttpTarget.of(h.getSchemeName(), h.getHostName(), h.getPort());
                    } else if (a instanceof org.apache.http.HttpRequest r) {
                        method = r.getRequestLine().getMethod();
                        if (target == null && r instanceof org.apache.http.client.methods.HttpUriRequest u) {
                            target = HttpTarget.of(u.getURI());
                        }
                    }
                }
                if (returned instanceof org.apache.http.HttpResponse r && r.getStatusLine() != null) {
                    status = r.getStatusLine().getStatusCode();
                }
            } catch (Throwable t) {
                // What could be read is recorded.
            }
            HttpCalls.exit(call, target, method, status, thrown);
        }
    }

    static final class Execute5 {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return HttpCalls.enter(HttpCallEvent.CLIENT_APACHE5);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object call, @Advice.AllArguments Object[] args,
                @Advice.Return Object returned, @Advice.Thrown Throwable thrown) {
            String target = null;
            String method = null;
            int status = HttpCallEvent.NO_STATUS;
            try {
                for (Object a : args) {
                    if (a instanceof org.apache.hc.core5.http.HttpHost h) {
                        target = HttpTarget.of(h.getSchemeName(), h.getHostName(), h.getPort());
                    } else if (a instanceof org.apache.hc.core5.http.HttpRequest r) {
                        method = r.getMethod();
                        if (target == null && r.getAuthority() != null) {
                            target = HttpTarget.of(r.getScheme(), r.getAuthority().getHostName(),
                                    r.getAuthority().getPort());
                        }
                    }
                }
                if (returned instanceof org.apache.hc.core5.http.HttpResponse r) {
                    status = r.getCode();
                }
            } catch (Throwable t) {
                // What could be read is recorded.
            }
            HttpCalls.exit(call, target, method, status, thrown);
        }
    }
}
