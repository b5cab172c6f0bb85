package dev.poolscope.analysis.model;

import java.util.List;

/**
 * The run's SQL statements (poolscope.Statement): every execution in the window counted per normalised text, ranked by
 * total time ({@code ranked}, at most {@link #RANKED}); how many ran at once and how each text's time changed with
 * that ({@link Load}); and, over the kept requests, how their statements sat in the requests and their connection
 * holds ({@link InRequests}). {@code executions} counts every one and {@code totalMs} is their time, {@code excessMs} the part of it beyond each
 * text's fastest tenth (its own work: the rest waited, in the database or for the CPU); {@code otherExecutions} those of texts beyond the
 * collector's cap, ranked nowhere. Times are milliseconds.
 */
public record Statements(long executions, int texts, double totalMs, double excessMs, long otherExecutions,
        long droppedExecutions, List<Statement> ranked, InRequests inRequests) {

    static final int RANKED = 20;
    public static final Statements NONE = new Statements(0, 0, 0, 0, 0, 0, List.of(), InRequests.NONE);

    public boolean recorded() {
        return executions > 0;
    }

    /** The statement with the most time, or null without any. */
    public Statement top() {
        return ranked.isEmpty() ? null : ranked.getFirst();
    }

    /**
     * One normalised text. {@code fastestMs}: its fastest tenth (the 10th percentile). {@code rows}: the sum over the {@code rowsKnown} executions whose driver said (update
     * counts); {@code batches}: executions that were batches. {@code use} is its part of {@link InRequests}.
     */
    public record Statement(String sql, long count, long failures, Distribution time, double fastestMs,
            double totalMs, long rowsKnown, long rows, long batches, Load load, Use use) {
    }

    /**
     * How a text's time changed with the statements running at once: per level (the mean number executing, itself
     * included, over its execution, rounded) its fastest tenth and median. {@code growth} is the slope of ln(median)
     * over ln(level) across the levels that hold {@link StatementLoad#MIN_PER_LEVEL} executions: 0 when its time did
     * not depend on how many ran, 1 when it grew in proportion (the database served a fixed number per second,
     * whatever the concurrency). Null when those levels span less than a factor of 2: not measurable.
     */
    public record Load(List<Level> levels, Double growth, Level lowest, Level busiest) {
        public static final Load NONE = new Load(List.of(), null, null, null);

        /**
         * More than half of any added concurrency turned into longer statements: a bigger pool would add less than
         * half its size in throughput (throughput X = n / t(n) grows as n^(1 - growth)).
         */
        public static final double SATURATED = 0.5;

        public boolean measured() {
            return growth != null;
        }

        public boolean saturated() {
            return growth != null && growth >= SATURATED;
        }
    }

    /** Executions that ran with about {@code level} statements at once. */
    public record Level(int level, long count, double fastestMs, double typicalMs) {
    }

    /**
     * A text inside the kept requests: in how many it ran, the most times in one, the requests that ran it more than
     * once and its time beyond each such request's first execution ({@code repeatMs}, the cost of the repeats), its
     * time inside connection holds, and the request paths that ran it (most first).
     */
    public record Use(long requests, long executions, long maxPerRequest, long repeatRequests,
            double repeatMs,
            double inHoldMs, List<PathUse> paths) {
        public static final Use NONE = new Use(0, 0, 0, 0, 0, 0, List.of());

        /** Executions per request that ran it. */
        public double perRequest() {
            return requests == 0 ? 0 : (double) executions / requests;
        }
    }

    /** One request path's part of a text's use ({@link RequestPath}: method and path, ids as {n}). */
    public record PathUse(String path, long requests, long executions, double repeatMs) {
        public double perRequest() {
            return requests == 0 ? 0 : (double) executions / requests;
        }
    }

    /**
     * The kept requests' statements: their server time, connection hold time, statement time, statement time inside
     * holds and time in repeats (a text beyond its first execution in a request).
     */
    public record InRequests(long requests, double serverMs, double holdMs, double statementMs,
            double inHoldMs,
            double repeatMs) {
        public static final InRequests NONE = new InRequests(0, 0, 0, 0, 0, 0);

        /** Share (0–1) of the time connections were held spent inside statements. */
        public double holdShare() {
            return holdMs <= 0 ? 0 : Math.min(1, inHoldMs / holdMs);
        }
    }
}
