package dev.poolscope.agent.r2dbc;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

@Name("poolscope.R2dbcPool")
@Label("R2DBC Pool")
@Category("poolscope")
@Description("Periodic gauge of one r2dbc-pool ConnectionPool")
@Period("1 s")
@StackTrace(false)
final class R2dbcPoolEvent extends jdk.jfr.Event {
    @Label("Pool")
    String pool;
    @Label("Acquired")
    int acquired;
    @Label("Idle")
    int idle;
    @Label("Pending")
    int pending;
    @Label("Allocated")
    int allocated;
    @Label("Max")
    int max;
    @Label("Max Pending")
    int maxPending;
}
