package dev.poolscope.agent.loops;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

@Name("poolscope.LoopStall")
@Label("Event Loop Stall")
@Category("poolscope")
@Description("One Netty event-loop task that ran longer than loopStall, with the loop's stack taken while it ran")
@StackTrace(false)
final class LoopStallEvent extends jdk.jfr.Event {
    @Label("Kind")
    String kind;
    @Label("Stack")
    String stack;
    @Label("Stack After")
    @Timespan(Timespan.NANOSECONDS)
    long stackAfterNanos;
}
