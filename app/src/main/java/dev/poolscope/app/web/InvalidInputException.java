package dev.poolscope.app.web;

/** A request the app refuses with 400: its message is shown to the client as the problem's detail. */
public class InvalidInputException extends RuntimeException {
    public InvalidInputException(String message) {
        super(message);
    }
}
