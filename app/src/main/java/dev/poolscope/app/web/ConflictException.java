package dev.poolscope.app.web;

/** 409: the request was valid but the state forbids it (e.g. sold out). */
public class ConflictException extends RuntimeException {
    public ConflictException(String message) {
        super(message);
    }
}
