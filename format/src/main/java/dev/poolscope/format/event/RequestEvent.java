package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** One HTTP request, from servlet dispatch to the application's return (or a Netty exchange's end). */
@Name(RequestEvent.NAME)
@Label("HTTP Request")
@Category("poolscope")
@Description("One HTTP request, from servlet dispatch to the application's return, on its worker thread")
@StackTrace(false)
public final class RequestEvent extends Event {
    public static final String NAME = "poolscope.Request";
    public static final String REQUEST_ID = "requestId";
    public static final String METHOD = "method";
    public static final String URI = "uri";
    public static final String STATUS = "status";
    public static final String SERVER = "server";
    public static final String CPU_NANOS = "cpuNanos";
    public static final String RUN_DELAY_NANOS = "runDelayNanos";

    // The request's identity on every JDK event inside it, on JDK 25+ (ThreadContext).
    @ThreadContext
    @Name(REQUEST_ID)
    @Label("Request Id")
    public String requestId;
    @ThreadContext
    @Name(METHOD)
    @Label("Method")
    public String method;
    @ThreadContext
    @Name(URI)
    @Label("URI")
    public String uri;
    @Name(STATUS)
    @Label("Status")
    public int status;
    @Name(SERVER)
    @Label("Server")
    public String server;
    @Name(CPU_NANOS)
    @Label("CPU Time")
    @Description("The serving thread's CPU time inside the span; -1 when unknown (virtual thread, no thread CPU clock)")
    @Timespan(Timespan.NANOSECONDS)
    public long cpuNanos = -1;
    @Name(RUN_DELAY_NANOS)
    @Label("Run Delay")
    @Description("Time the serving thread was runnable but waiting for a CPU inside the span (schedstat); -1 when unknown")
    @Timespan(Timespan.NANOSECONDS)
    public long runDelayNanos = -1;
}
