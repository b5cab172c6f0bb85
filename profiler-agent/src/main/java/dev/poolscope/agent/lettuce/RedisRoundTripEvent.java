package dev.poolscope.agent.lettuce;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

@Name("poolscope.RedisRoundTrip")
@Label("Redis Round Trip")
@Category("poolscope")
@Description("One Redis command from dispatch to reply, committed where the reply completes")
@StackTrace(false)
final class RedisRoundTripEvent extends jdk.jfr.Event {
    @Label("Command")
    String command;
    @Label("Caller Thread Id")
    long callerThreadId;
    @Label("Success")
    boolean success;
    @Label("Request Id")
    String requestId;
}
