package dev.poolscope.app.web;

import org.springframework.http.HttpStatus;

/**
 * A request the app refuses on purpose. Each kind carries its status and title, so both stacks' problem handlers map
 * all of them with one handler; the message is the problem's detail, shown to the client as it is.
 */
public abstract class RefusedException extends RuntimeException {

    private final HttpStatus status;
    private final String title;

    RefusedException(HttpStatus status, String title, String message) {
        super(message);
        this.status = status;
        this.title = title;
    }

    HttpStatus status() {
        return status;
    }

    String title() {
        return title;
    }
}
