package dev.poolscope.agent.lettuce;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

@Name("poolscope.RedisWait")
@Label("Redis Wait")
@Category("poolscope")
@Description("The caller's wait for one Redis command's reply, on the caller's thread")
@StackTrace(false)
final class RedisWaitEvent extends jdk.jfr.Event {
    @Label("Command")
    String command;
    @Label("Success")
    boolean success;
}
