/**
 * poolscope's own JFR events, the one definition the agent writes with and the analysis, the cli and the test
 * fixtures read by. Each class names its event type in {@code NAME} and each field in a constant used in the field's
 * {@code @Name}, so the names in a recording are these constants whatever the Java fields are called.
 * docs/reference/recording-format.md is the human contract and names every one of them (a test checks it).
 * {@link dev.poolscope.format.event.JdkTypes} and {@link dev.poolscope.format.event.JdkFields} name the JDK's and
 * async-profiler's events poolscope enables and reads.
 */
package dev.poolscope.format.event;
