package dev.poolscope.reactive;

import java.net.ConnectException;
import java.net.SocketException;
import java.sql.SQLException;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;

import dev.poolscope.app.web.ConflictException;
import dev.poolscope.app.web.InvalidInputException;
import dev.poolscope.app.web.NotFoundException;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTransientResourceException;

/**
 * The servlet app's error contract on WebFlux: every error leaves as application/problem+json, a lost database
 * or an exhausted pool as 503 with Retry-After, and no stack trace reaches the client.
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

    @ExceptionHandler({CannotCreateTransactionException.class, DataAccessResourceFailureException.class,
            R2dbcNonTransientResourceException.class, R2dbcTransientResourceException.class})
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
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(body);
    }

    /** The pool's acquire timeout, a refused or broken connection, or a connection-class SQLSTATE (08xxx). */
    static boolean lostDatabase(Throwable e) {
        Throwable t = e;
        for (int depth = 0; t != null && depth < 12; depth++) {
            if (t instanceof TimeoutException || t instanceof ConnectException || t instanceof SocketException
                    || t instanceof R2dbcNonTransientResourceException
                    || t instanceof R2dbcTransientResourceException
                    || t instanceof DataAccessResourceFailureException
                    || t instanceof CannotCreateTransactionException
                    || (t instanceof R2dbcException r && r.getSqlState() != null
                            && r.getSqlState().startsWith("08"))
                    || (t instanceof SQLException s && s.getSQLState() != null
                            && s.getSQLState().startsWith("08"))
                    || t.getClass().getSimpleName().equals("PostgresConnectionClosedException")) {
                return true;
            }
            t = t.getCause() == t ? null : t.getCause();
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
