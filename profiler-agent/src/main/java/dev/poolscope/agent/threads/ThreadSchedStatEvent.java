package dev.poolscope.agent.threads;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

@Name("poolscope.ThreadSchedStat")
@Label("Thread Scheduler Statistics")
@Category("poolscope")
@Description("Cumulative Linux scheduler counters of one tracked thread; diff consecutive samples")
@Period("1 s")
@StackTrace(false)
final class ThreadSchedStatEvent extends jdk.jfr.Event {
    @Label("OS Thread Id")
    long osThreadId;
    @Label("Java Thread Id")
    long javaThreadId;
    @Label("Thread Name")
    String threadName;
    @Label("CPU Time")
    @Timespan
    long cpuNanos;
    @Label("Run Queue Delay")
    @Timespan
    long runDelayNanos;
    @Label("Timeslices")
    long timeslices;
    @Label("Voluntary Context Switches")
    long voluntarySwitches;
    @Label("Involuntary Context Switches")
    long involuntarySwitches;
}
