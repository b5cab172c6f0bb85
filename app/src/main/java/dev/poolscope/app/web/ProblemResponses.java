package dev.poolscope.app.web;

import java.util.function.Predicate;

import org.slf4j.Logger;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * The lab app's error contract, one definition for both stacks: every error leaves as application/problem+json, the
 * app's refusals with their own status and message, a lost database or an exhausted pool as 503 with Retry-After,
 * anything else as a 500 whose details stay in the log. Spring MVC and WebFlux each keep a thin exception handler
 * that calls this (their handler base classes differ), with their own test for a lost database (JDBC and R2DBC
 * report it differently).
 */
public final class ProblemResponses {

    private final Logger log;
    private final Predicate<Throwable> lostDatabase;

    /** {@code log} is the handler's own, so log lines keep naming the stack that wrote them. */
    public ProblemResponses(Logger log, Predicate<Throwable> lostDatabase) {
        this.log = log;
        this.lostDatabase = lostDatabase;
    }

    /** The answer to any exception the web framework's own handlers did not answer. */
    public ResponseEntity<ProblemDetail> answer(Exception e) {
        if (e instanceof RefusedException refused) {
            return problem(refused.status(), refused.title(), refused.getMessage());
        }
        if (lostDatabase.test(e)) {
            return databaseUnavailable(e);
        }
        log.error("unexpected error", e);
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "Internal error",
                "The request failed; the server log has details.");
    }

    /** Say so quickly instead of piling requests up. */
    private ResponseEntity<ProblemDetail> databaseUnavailable(Exception e) {
        log.warn("database unavailable: {}", rootMessage(e));
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .header(HttpHeaders.RETRY_AFTER, "1")
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(body(HttpStatus.SERVICE_UNAVAILABLE, "Database unavailable",
                        "No database connection could be had in time: " + rootMessage(e)));
    }

    private static ResponseEntity<ProblemDetail> problem(HttpStatus status, String title, String detail) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(body(status, title, detail));
    }

    private static ProblemDetail body(HttpStatus status, String title, String detail) {
        ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
        body.setTitle(title);
        return body;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
