package dev.poolscope.analysis.rules;

import java.util.List;

/**
 * What to change, fitted to the primary cause, with the arithmetic that produced it. {@code kind} says which lever:
 * {@code pool} (threads sized to the connection pool), {@code cpu} (to the cores), {@code lock} (to the serial
 * part), {@code workers} (to the offered concurrency), {@code virtual} (virtual threads: no worker count),
 * {@code heap} (GC-bound: the maximum heap or an allocation site, no thread count) or {@code none} (threads are not
 * the lever, or nothing to fix). {@code threads} is null when no count is recommended; {@code sentence} says why.
 */
public record Recommendation(String kind, Integer threads, String sentence, List<String> arithmetic) {

    public static Recommendation notAvailable(String why) {
        return new Recommendation("none", null, Messages.format("recommend.na", why), List.of());
    }
}
