package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One delivered r2dbc-pool connection, delivered until the pool took it back. */
@Name(R2dbcHoldEvent.NAME)
@Label("R2DBC Hold")
@Category("poolscope")
@Description("One delivered r2dbc-pool connection: delivered until the pool took it back")
@StackTrace(false)
public final class R2dbcHoldEvent extends R2dbcPoolState {
    public static final String NAME = "poolscope.R2dbcHold";
}
