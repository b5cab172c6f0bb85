package dev.poolscope.agent.request;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into the servers' filter chains and {@code HttpServlet.service}: the outermost REQUEST dispatch on a
 * thread is the span. The servlet types resolve in the host's class loader; this class is never loaded by
 * the agent. No string concatenation or lambdas here: they would compile to invokedynamic.
 */
final class RequestAdvice {
    private RequestAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static Object enter(@Advice.Argument(0) ServletRequest request) {
        return RequestHooks.enter(request.getDispatcherType() == DispatcherType.REQUEST);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    static void exit(@Advice.Enter Object token, @Advice.Argument(0) ServletRequest request,
            @Advice.Argument(1) ServletResponse response, @Advice.Thrown Throwable thrown) {
        Object span = RequestHooks.leave(token);
        if (span == null) {
            return;
        }
        String requestId = null;
        String method = null;
        String uri = null;
        int status = 0;
        if (request instanceof HttpServletRequest http) {
            requestId = http.getHeader(RequestHooks.REQUEST_ID_HEADER);
            method = http.getMethod();
            uri = http.getRequestURI();
        }
        if (response instanceof HttpServletResponse http) {
            if (requestId == null) {
                requestId = http.getHeader(RequestHooks.REQUEST_ID_HEADER);
            }
            status = http.getStatus();
        }
        if (thrown != null && status < 400) {
            // The server turns an escaped exception into a 500 after we return.
            status = 500;
        }
        RequestHooks.commit(span, requestId, method, uri, status, request.getClass());
    }
}
