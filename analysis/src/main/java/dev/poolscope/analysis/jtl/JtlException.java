package dev.poolscope.analysis.jtl;

/** The .jtl cannot be used at all; the message is one line. */
public final class JtlException extends Exception {
    public JtlException(String message) {
        super(message);
    }
}
