package dev.poolscope.analysis.model;

/**
 * How much the capped collections hold so far (requests, intervals, reactive intervals, statement executions, stack
 * entries), counted where they are checked against their caps. Each set of collectors has its own, except the time
 * segments of one read ({@link Segments}): they share one, so together they keep no more than one set would, and in
 * file order as one set would.
 */
final class Caps {
    long requests;
    long spans;
    long own;
    long executions;
    long stackEntries;
}
