package dev.poolscope.analysis.model;

/** A Redis→getConnection gap of one request: from the Redis wait's start to the next getConnection's start. */
public record GapWindow(long javaThreadId, long osThreadId, long startNanos, long endNanos) {
}
