package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** Periodic gauge of the web server's worker pool. */
@Name(WorkerPoolEvent.NAME)
@Label("Worker Pool")
@Category("poolscope")
@Description("Periodic gauge of the web server's worker pool")
@Period("1 s")
@StackTrace(false)
public final class WorkerPoolEvent extends Event {
    public static final String NAME = "poolscope.WorkerPool";
    public static final String SERVER = "server";
    public static final String BUSY = "busy";
    public static final String SIZE = "size";
    public static final String MAX = "max";
    public static final String QUEUED = "queued";

    @Name(SERVER)
    @Label("Server")
    public String server;
    @Name(BUSY)
    @Label("Busy")
    public int busy;
    @Name(SIZE)
    @Label("Size")
    public int size;
    @Name(MAX)
    @Label("Max")
    public int max;
    @Name(QUEUED)
    @Label("Queued")
    public int queued;
}
