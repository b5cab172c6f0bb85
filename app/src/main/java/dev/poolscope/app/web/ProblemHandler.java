package dev.poolscope.app.web;

import java.sql.SQLTransientConnectionException;

import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * The error contract ({@link ProblemResponses}) on Spring MVC. Spring MVC's own errors (bad types, unreadable bodies,
 * unknown paths) come from the base class, whose handlers match them more closely than this one does.
 */
@RestControllerAdvice
class ProblemHandler extends ResponseEntityExceptionHandler {

    private final ProblemResponses problems = new ProblemResponses(
            LoggerFactory.getLogger(ProblemHandler.class),
            ProblemHandler::lostDatabase);

    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> problem(Exception e) {
        return problems.answer(e);
    }

    /**
     * The database is down or the pool timed out, as Spring reports it (a transaction or a connection that could not
     * be had) or as JDBC does.
     */
    static boolean lostDatabase(Throwable e) {
        return e instanceof CannotCreateTransactionException
                || e instanceof DataAccessResourceFailureException
                || lostDatabase(e, 0);
    }

    /**
     * A connection that broke under a running statement surfaces as whatever the ORM was doing at the time (often a
     * failed rollback, with the I/O error only as a suppressed exception), so causes and suppressed ones are searched.
     */
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
}
