/** Reads poolscope recordings and JMeter results; writes reports. */
package dev.poolscope.analysis;
