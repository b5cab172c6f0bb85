/**
 * The {@code ./poolscope} command line: {@link dev.poolscope.cli.PoolscopeCli}'s command tree, and what every part
 * shares: a {@link dev.poolscope.cli.UserError} is one line and exit 2; durations are read one way.
 */
package dev.poolscope.cli;
