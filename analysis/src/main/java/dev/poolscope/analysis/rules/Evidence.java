package dev.poolscope.analysis.rules;

/** One measured number behind a verdict, with its unit. */
public record Evidence(String name, double value, Unit unit) {
}
