package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** The agent's own health. */
@Name(AgentStatusEvent.NAME)
@Label("Agent Status")
@Category("poolscope")
@Description("The agent's own health: errors it swallowed, events it dropped, threads it samples")
@Period("10 s")
@StackTrace(false)
public final class AgentStatusEvent extends Event {
    public static final String NAME = "poolscope.AgentStatus";
    public static final String SUPPRESSED_ERRORS = "suppressedErrors";
    public static final String DROPPED_EVENTS = "droppedEvents";
    public static final String TRACKED_THREADS = "trackedThreads";
    public static final String REQUESTS_BEFORE_RECORDING = "requestsBeforeRecording";

    @Name(SUPPRESSED_ERRORS)
    @Label("Suppressed Errors")
    public long suppressedErrors;
    @Name(DROPPED_EVENTS)
    @Label("Dropped Events")
    public long droppedEvents;
    @Name(TRACKED_THREADS)
    @Label("Tracked Threads")
    public int trackedThreads;
    @Name(REQUESTS_BEFORE_RECORDING)
    @Label("Requests Before Recording")
    @Description("Request spans that began before the JDK recording was running (may be missing)")
    public long requestsBeforeRecording;
}
