package dev.poolscope.agent.r2dbc;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

@Name("poolscope.R2dbcHold")
@Label("R2DBC Hold")
@Category("poolscope")
@Description("One delivered r2dbc-pool connection: delivered until the pool took it back")
@StackTrace(false)
final class R2dbcHoldEvent extends PoolStateEvent {
}
