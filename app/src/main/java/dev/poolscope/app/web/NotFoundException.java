package dev.poolscope.app.web;

/** 404: its message is the problem's detail. */
public class NotFoundException extends RuntimeException {
    public NotFoundException(String message) {
        super(message);
    }
}
