package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/** One Netty event-loop task that ran longer than the agent's loopStall. */
@Name(LoopStallEvent.NAME)
@Label("Event Loop Stall")
@Category("poolscope")
@Description("One Netty event-loop task that ran longer than loopStall, with the loop's stack taken while it ran")
@StackTrace(false)
public final class LoopStallEvent extends Event {
    public static final String NAME = "poolscope.LoopStall";
    public static final String KIND = "kind";
    public static final String STACK = "stack";
    public static final String STACK_AFTER_NANOS = "stackAfterNanos";
    /** The values of {@link #KIND}: one channel's ready I/O, or one queued or scheduled task. */
    public static final String KIND_IO = "io", KIND_TASK = "task";

    @Name(KIND)
    @Label("Kind")
    public String kind;
    @Name(STACK)
    @Label("Stack")
    public String stack;
    @Name(STACK_AFTER_NANOS)
    @Label("Stack After")
    @Timespan(Timespan.NANOSECONDS)
    public long stackAfterNanos;
}
