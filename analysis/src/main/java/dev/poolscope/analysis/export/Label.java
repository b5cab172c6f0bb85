package dev.poolscope.analysis.export;

import dev.poolscope.analysis.recording.Events;

/**
 * The labels an exported sample carries, under pprof's key (Pyroscope and {@code go tool pprof -tagfocus} read these)
 * and OTLP's attribute key (OpenTelemetry's semantic conventions where one exists). The thread always; the others only
 * when the sample fell inside a request on its thread.
 */
enum Label {
    THREAD("thread", "thread.name"), REQUEST_PATH("request_path", "url.path"), REQUEST_METHOD(
            "request_method", "http.request.method"), REQUEST_ID("request_id", "poolscope.request.id"),
    /** The run's primary cause (summary.json), on samples inside a request: what the diagnosis blames them on. */
    PRIMARY_CAUSE("primary_cause", "poolscope.primary_cause");

    final String pprofKey;
    final String otlpKey;

    Label(String pprofKey, String otlpKey) {
        this.pprofKey = pprofKey;
        this.otlpKey = otlpKey;
    }

    /** This label's value for a sample on {@code thread} inside {@code request} (null: none), or null when it has none. */
    String value(String thread, Events.Request request, String primaryCause) {
        if (this == THREAD) {
            return thread;
        }
        if (request == null) {
            return null;
        }
        return switch (this) {
            case REQUEST_PATH -> request.uri();
            case REQUEST_METHOD -> request.method();
            case REQUEST_ID -> request.requestId();
            case PRIMARY_CAUSE -> primaryCause;
            default -> null;
        };
    }
}
