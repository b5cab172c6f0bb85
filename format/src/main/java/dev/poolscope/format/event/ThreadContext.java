package dev.poolscope.format.event;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A field that JDK 25's tools show beside every event recorded on the same thread while this event's span is open
 * ({@code jfr print}: {@code Context: Request.uri = "/api/checkout"} in a {@code jdk.ThreadPark}). That is JDK 25's
 * {@code jdk.jfr.Contextual}, which these classes cannot name: the build targets and may compile on JDK 21, where it
 * does not exist. The agent adds {@code jdk.jfr.Contextual} to every field marked so when the class loads on a JDK
 * that has it; on JDK 21–24 the class loads as compiled. Kept in the class file only: invisible to reflection and to
 * JFR, so without the agent (the analysis' and the cli's synthetic recordings) nothing about the event changes.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface ThreadContext {
}
