package dev.poolscope.app.web;

import org.springframework.http.HttpStatus;

/** 404: its message is the problem's detail. */
public class NotFoundException extends RefusedException {
    public NotFoundException(String message) {
        super(HttpStatus.NOT_FOUND, "Not found", message);
    }
}
