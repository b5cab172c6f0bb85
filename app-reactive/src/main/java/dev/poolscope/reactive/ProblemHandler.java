package dev.poolscope.reactive;

import java.net.ConnectException;
import java.net.SocketException;
import java.sql.SQLException;
import java.util.concurrent.TimeoutException;

import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.reactive.result.method.annotation.ResponseEntityExceptionHandler;

import dev.poolscope.app.web.ProblemResponses;
import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTransientResourceException;

/**
 * The servlet app's error contract ({@link ProblemResponses}) on WebFlux. WebFlux's own errors come from the base
 * class, whose handlers match them more closely than this one does.
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
}
