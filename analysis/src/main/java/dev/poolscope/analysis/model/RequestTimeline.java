package dev.poolscope.analysis.model;

import dev.poolscope.analysis.jtl.JtlSample;

/**
 * One request: the server span, its time split by cause, and the client sample joined by request id (null when
 * JMeter had no sample with that id). Strings are as recorded: escape before rendering.
 */
public record RequestTimeline(String requestId, String method, String uri, int status, long threadId,
        String threadName, long startNanos, long endNanos, Breakdown breakdown, long poolWaitNanos,
        long holdNanos,
        long redisWaitNanos, JtlSample client) {

    public long serverNanos() {
        return endNanos - startNanos;
    }

    public double serverMillis() {
        return serverNanos() / 1e6;
    }

    /** Client elapsed minus server time (accept backlog, connect, transfer); -1 without a client sample. */
    public long backlogNanos() {
        return client == null ? -1 : Math.max(0, client.elapsedMillis() * 1_000_000L - serverNanos());
    }

    public boolean error() {
        return status >= 500 || (client != null && !client.success());
    }
}
