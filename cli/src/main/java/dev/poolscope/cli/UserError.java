package dev.poolscope.cli;

/** Something the user can fix; printed as one line, exit code 2. */
final class UserError extends RuntimeException {
    UserError(String message) {
        super(message);
    }
}
