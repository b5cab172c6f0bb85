package dev.poolscope.app.web;

import java.util.UUID;

/**
 * The request id contract of both stacks' filters: the client's {@code X-Request-Id} when it sent a usable one, else a
 * new one, echoed back. The agent and the analysis join client and server by it.
 */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";

    private RequestIds() {
    }

    /** Any printable id up to 200 characters is kept as sent (reports escape it); anything else is replaced. */
    public static String usable(String id) {
        if (id == null || id.isBlank() || id.length() > 200
                || !id.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            return UUID.randomUUID().toString();
        }
        return id;
    }
}
