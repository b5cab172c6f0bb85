package dev.poolscope.agent;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

@Name("poolscope.AgentStatus")
@Label("Agent Status")
@Category("poolscope")
@Description("The agent's own health: errors it swallowed, events it dropped, threads it samples")
@Period("10 s")
@StackTrace(false)
final class AgentStatusEvent extends jdk.jfr.Event {
    @Label("Suppressed Errors")
    long suppressedErrors;
    @Label("Dropped Events")
    long droppedEvents;
    @Label("Tracked Threads")
    int trackedThreads;
    @Label("Requests Before Recording")
    @Description("Request spans that began before the JDK recording was running (may be missing)")
    long requestsBeforeRecording;

    static void emit() {
        AgentStatusEvent e = new AgentStatusEvent();
        e.suppressedErrors = Suppressed.count();
        e.droppedEvents = 0;
        e.trackedThreads = dev.poolscope.agent.threads.ThreadTracker.trackedCount();
        e.requestsBeforeRecording = dev.poolscope.agent.request.RequestStats.beganBeforeRecording();
        e.commit();
    }
}
