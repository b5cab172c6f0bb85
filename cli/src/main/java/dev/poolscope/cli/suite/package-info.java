/**
 * Many runs from one command: a sweep over a matrix of knob values, a seed's experiment and the diagnosis scenarios,
 * read from their {@code .properties} files by one loader, and each scenario's verdict.
 */
package dev.poolscope.cli.suite;
