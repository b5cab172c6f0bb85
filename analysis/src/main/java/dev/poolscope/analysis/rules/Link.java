package dev.poolscope.analysis.rules;

/**
 * One link of a cause chain: {@code rule}'s finding accounts for {@code share} (0–1) of {@code explains}' finding,
 * computed from the measurements (e.g. the non-database part of the hold time explains that share of the pool
 * wait).
 */
public record Link(String rule, String explains, double share) {
}
