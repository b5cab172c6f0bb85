package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * Cumulative Linux scheduler counters of one tracked thread; consecutive samples are diffed. A carrier of virtual
 * threads is tracked too ({@link #CARRIER}): its Java thread is not reachable from the virtual threads that find it, so
 * its {@code javaThreadId} is 0 and it is known by its {@code osThreadId}.
 */
@Name(ThreadSchedStatEvent.NAME)
@Label("Thread Scheduler Statistics")
@Category("poolscope")
@Description("Cumulative Linux scheduler counters of one tracked thread; diff consecutive samples")
@Period("1 s")
@StackTrace(false)
public final class ThreadSchedStatEvent extends Event {
    public static final String NAME = "poolscope.ThreadSchedStat";
    public static final String OS_THREAD_ID = "osThreadId";
    public static final String JAVA_THREAD_ID = "javaThreadId";
    public static final String THREAD_NAME = "threadName";
    public static final String CPU_NANOS = "cpuNanos";
    public static final String RUN_DELAY_NANOS = "runDelayNanos";
    public static final String TIMESLICES = "timeslices";
    public static final String VOLUNTARY_SWITCHES = "voluntarySwitches";
    public static final String INVOLUNTARY_SWITCHES = "involuntarySwitches";
    public static final String CARRIER = "carrier";

    @Name(OS_THREAD_ID)
    @Label("OS Thread Id")
    public long osThreadId;
    @Name(JAVA_THREAD_ID)
    @Label("Java Thread Id")
    public long javaThreadId;
    @Name(THREAD_NAME)
    @Label("Thread Name")
    public String threadName;
    @Name(CPU_NANOS)
    @Label("CPU Time")
    @Timespan
    public long cpuNanos;
    @Name(RUN_DELAY_NANOS)
    @Label("Run Queue Delay")
    @Timespan
    public long runDelayNanos;
    @Name(TIMESLICES)
    @Label("Timeslices")
    public long timeslices;
    @Name(VOLUNTARY_SWITCHES)
    @Label("Voluntary Context Switches")
    public long voluntarySwitches;
    @Name(INVOLUNTARY_SWITCHES)
    @Label("Involuntary Context Switches")
    public long involuntarySwitches;
    @Name(CARRIER)
    @Label("Virtual-Thread Carrier")
    @Description("A platform thread that virtual threads serving requests ran on; javaThreadId is then 0")
    public boolean carrier;
}
