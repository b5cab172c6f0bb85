package dev.poolscope.app.web;

import org.springframework.http.HttpStatus;

/** 409: the request was valid but the state forbids it (e.g. sold out). */
public class ConflictException extends RefusedException {
    public ConflictException(String message) {
        super(HttpStatus.CONFLICT, "Conflict", message);
    }
}
