/**
 * The processes poolscope starts and owns: where a checkout's jars are ({@link dev.poolscope.cli.process.Layout}), the
 * app (one {@link dev.poolscope.cli.process.AppProcess}, or several behind a balancer), and children that never outlive
 * the launcher.
 */
package dev.poolscope.cli.process;
