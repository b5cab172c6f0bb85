package dev.poolscope.analysis.recording;

/** Nothing usable could be read; the message is one line meant for the user. */
public final class RecordingException extends Exception {
    public RecordingException(String message) {
        super(message);
    }
}
