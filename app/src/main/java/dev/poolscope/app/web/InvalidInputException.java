package dev.poolscope.app.web;

import org.springframework.http.HttpStatus;

/** A request the app refuses with 400: its message is shown to the client as the problem's detail. */
public class InvalidInputException extends RefusedException {
    public InvalidInputException(String message) {
        super(HttpStatus.BAD_REQUEST, "Invalid input", message);
    }
}
