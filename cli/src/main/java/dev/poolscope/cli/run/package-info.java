/**
 * One run and its commands: {@code run} (app up, warm-up, the plan through JMeter, a clean stop, the analysis) and
 * {@code attach} (the agent loaded into a running JVM), with the options that run, sweep and bench share.
 */
package dev.poolscope.cli.run;
