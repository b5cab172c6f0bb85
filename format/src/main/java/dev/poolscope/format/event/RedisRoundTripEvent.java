package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One Redis command from dispatch to reply, committed where the reply completes. */
@Name(RedisRoundTripEvent.NAME)
@Label("Redis Round Trip")
@Category("poolscope")
@Description("One Redis command from dispatch to reply, committed where the reply completes")
@StackTrace(false)
public final class RedisRoundTripEvent extends Event {
    public static final String NAME = "poolscope.RedisRoundTrip";
    public static final String COMMAND = "command";
    public static final String CALLER_THREAD_ID = "callerThreadId";
    public static final String SUCCESS = "success";
    public static final String REQUEST_ID = "requestId";

    @Name(COMMAND)
    @Label("Command")
    public String command;
    @Name(CALLER_THREAD_ID)
    @Label("Caller Thread Id")
    public long callerThreadId;
    @Name(SUCCESS)
    @Label("Success")
    public boolean success;
    @Name(REQUEST_ID)
    @Label("Request Id")
    public String requestId;
}
