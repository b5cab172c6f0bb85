/**
 * Benchmarks, A/B alternated with ratios printed: the agent's overhead, the analysis' speed against a bare read of its
 * recordings, the flame graphs' against async-profiler's converter, and synthetic recordings of any size to measure the
 * analysis on. Each timed child is a JVM of its own, timed by {@link dev.poolscope.cli.bench.Timed}.
 */
package dev.poolscope.cli.bench;
