/**
 * {@code check}: a CI gate holding a run's summary.json against limits and forbidden diagnoses.
 */
package dev.poolscope.cli.check;
