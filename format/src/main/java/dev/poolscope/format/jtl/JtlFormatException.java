package dev.poolscope.format.jtl;

/** A results file poolscope cannot read; the message is one sentence a user can act on. */
public final class JtlFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public JtlFormatException(String message) {
        super(message);
    }
}
