package dev.poolscope.app.web;

import java.sql.SQLTransientConnectionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error leaves as application/problem+json. Spring MVC's own errors (bad types, unreadable bodies,
 * unknown paths) come from the base class; the app's own and the database's are mapped here. No stack
 * trace ever reaches the client.
 */
@RestControllerAdvice
class ProblemHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);

    @ExceptionHandler(InvalidInputException.class)
    ResponseEntity<ProblemDetail> invalid(InvalidInputException e) {
        return problem(HttpStatus.BAD_REQUEST, "Invalid input", e.getMessage());
    }

    @ExceptionHandler(NotFoundException.class)
    ResponseEntity<ProblemDetail> notFound(NotFoundException e) {
        return problem(HttpStatus.NOT_FOUND, "Not found", e.getMessage());
    }

    @ExceptionHandler(ConflictException.class)
    ResponseEntity<ProblemDetail> conflict(ConflictException e) {
        return problem(HttpStatus.CONFLICT, "Conflict", e.getMessage());
    }

    /** The database is down or the pool timed out: say so quickly instead of piling requests up. */
    @ExceptionHandler({CannotCreateTransactionException.class, DataAccessResourceFailureException.class,
            CannotGetJdbcConnectionException.class, SQLTransientConnectionException.class})
    ResponseEntity<ProblemDetail> databaseUnavailable(Exception e) {
        log.warn("database unavailable: {}", rootMessage(e));
        ResponseEntity<ProblemDetail> response = problem(HttpStatus.SERVICE_UNAVAILABLE,
                "Database unavailable",
                "No database connection could be had in time: " + rootMessage(e));
        return ResponseEntity.status(response.getStatusCode())
                .header(HttpHeaders.RETRY_AFTER, "1")
                .headers(response.getHeaders())
                .body(response.getBody());
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> unexpected(Exception e) {
        if (lostDatabase(e)) {
            return databaseUnavailable(e);
        }
        log.error("unexpected error", e);
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "Internal error",
                "The request failed; the server log has details.");
    }

    private static ResponseEntity<ProblemDetail> problem(HttpStatus status, String title, String detail) {
        ProblemDetail body = ProblemDetail.forStatusAndDetail(status, detail);
        body.setTitle(title);
        return ResponseEntity.status(status)
                .contentType(org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON).body(body);
    }

    /**
     * A connection that broke under a running statement surfaces as whatever the ORM was doing at the time (often a
     * failed rollback, with the I/O error only as a suppressed exception), so causes and suppressed ones are searched.
     */
    static boolean lostDatabase(Throwable e) {
        return lostDatabase(e, 0);
    }

    private static boolean lostDatabase(Throwable t, int depth) {
        if (t == null || depth > 12) {
            return false;
        }
        if (t instanceof SQLTransientConnectionException || t instanceof java.net.SocketException
                || t.getClass().getSimpleName().equals("JDBCConnectionException")) {
            return true;
        }
        if (t instanceof java.sql.SQLException sql
                && ((sql.getSQLState() != null && sql.getSQLState().startsWith("08"))
                        || "Connection is closed".equals(sql.getMessage()))) {
            return true;
        }
        for (Throwable s : t.getSuppressed()) {
            if (lostDatabase(s, depth + 1)) {
                return true;
            }
        }
        return t.getCause() != t && lostDatabase(t.getCause(), depth + 1);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
