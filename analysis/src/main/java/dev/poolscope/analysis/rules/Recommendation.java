package dev.poolscope.analysis.rules;

import java.util.List;

/**
 * A worker-thread count with the arithmetic that produced it; {@code threads} is null when the run lacks the
 * numbers (then {@code sentence} says which).
 */
public record Recommendation(Integer threads, String sentence, List<String> arithmetic) {
}
