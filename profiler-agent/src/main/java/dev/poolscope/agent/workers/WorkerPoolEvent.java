package dev.poolscope.agent.workers;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

@Name("poolscope.WorkerPool")
@Label("Worker Pool")
@Category("poolscope")
@Description("Periodic gauge of the web server's worker pool")
@Period("1 s")
@StackTrace(false)
final class WorkerPoolEvent extends jdk.jfr.Event {
    @Label("Server")
    String server;
    @Label("Busy")
    int busy;
    @Label("Size")
    int size;
    @Label("Max")
    int max;
    @Label("Queued")
    int queued;
}
