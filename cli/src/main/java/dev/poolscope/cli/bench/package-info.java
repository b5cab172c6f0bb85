/**
 * Benchmarks, A/B alternated with ratios printed: the agent's overhead, the analysis' speed, and synthetic
 * recordings of any size to measure the analysis on.
 */
package dev.poolscope.cli.bench;
