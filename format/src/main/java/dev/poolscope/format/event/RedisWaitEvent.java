package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** A blocking caller's wait for one Redis command's reply, on the caller's thread. */
@Name(RedisWaitEvent.NAME)
@Label("Redis Wait")
@Category("poolscope")
@Description("The caller's wait for one Redis command's reply, on the caller's thread")
@StackTrace(false)
public final class RedisWaitEvent extends Event {
    public static final String NAME = "poolscope.RedisWait";
    public static final String COMMAND = "command";
    public static final String SUCCESS = "success";

    @Name(COMMAND)
    @Label("Command")
    public String command;
    @Name(SUCCESS)
    @Label("Success")
    public boolean success;
}
