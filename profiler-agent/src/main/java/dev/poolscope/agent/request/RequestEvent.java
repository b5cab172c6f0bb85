package dev.poolscope.agent.request;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

@Name("poolscope.Request")
@Label("HTTP Request")
@Category("poolscope")
@Description("One HTTP request, from servlet dispatch to the application's return, on its worker thread")
@StackTrace(false)
final class RequestEvent extends jdk.jfr.Event {
    @Label("Request Id")
    String requestId;
    @Label("Method")
    String method;
    @Label("URI")
    String uri;
    @Label("Status")
    int status;
    @Label("Server")
    String server;
    @Label("CPU Time")
    @Description("The serving thread's CPU time inside the span; -1 when unknown (virtual thread, no thread CPU clock)")
    @Timespan(Timespan.NANOSECONDS)
    long cpuNanos = -1;
    @Label("Run Delay")
    @Description("Time the serving thread was runnable but waiting for a CPU inside the span (schedstat); -1 when unknown")
    @Timespan(Timespan.NANOSECONDS)
    long runDelayNanos = -1;
}
