package dev.poolscope.agent.r2dbc;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

@Name("poolscope.R2dbcAcquire")
@Label("R2DBC Acquire")
@Category("poolscope")
@Description("One acquire from an r2dbc-pool: subscribed until a connection is delivered, it fails or is cancelled")
@StackTrace(false)
final class R2dbcAcquireEvent extends PoolStateEvent {
    @Label("Outcome")
    String outcome;
    @Label("Max")
    int max;
}
