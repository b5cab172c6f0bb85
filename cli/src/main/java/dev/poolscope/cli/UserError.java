package dev.poolscope.cli;

/** Something the user can fix; printed as one line, exit code 2. */
public final class UserError extends RuntimeException {
    public UserError(String message) {
        super(message);
    }
}
