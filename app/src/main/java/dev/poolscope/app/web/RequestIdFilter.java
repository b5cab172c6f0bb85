package dev.poolscope.app.web;

import java.io.IOException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Every request has an id: the client's {@code X-Request-Id} when it sent a usable one, else a new one.
 * The id goes back in the response, so a load generator's record of a request can be joined with the
 * server's.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestIdFilter extends OncePerRequestFilter {

    private static final Logger access = LoggerFactory.getLogger("dev.poolscope.app.web.access");

    private final boolean accessLog;

    RequestIdFilter(@Value("${lab.access-log:false}") boolean accessLog) {
        this.accessLog = accessLog;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response,
            FilterChain chain)
            throws ServletException, IOException {
        String id = RequestIds.usable(request.getHeader(RequestIds.HEADER));
        response.setHeader(RequestIds.HEADER, id);
        MDC.put("requestId", id);
        long start = System.nanoTime();
        try {
            chain.doFilter(request, response);
        } finally {
            MDC.remove("requestId");
            if (accessLog) {
                access.info("access requestId={} method={} uri={} status={} ms={}", id, request.getMethod(),
                        request.getRequestURI(), response.getStatus(),
                        (System.nanoTime() - start) / 1_000_000);
            }
        }
    }
}
