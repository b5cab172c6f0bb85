package dev.poolscope.analysis.recording.jfr;

/** The bytes are not the JFR the parser understands; the message says where. */
public final class JfrFormatException extends RuntimeException {
    JfrFormatException(String message) {
        super(message);
    }
}
