package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** Periodic gauge of one r2dbc-pool ConnectionPool. */
@Name(R2dbcPoolEvent.NAME)
@Label("R2DBC Pool")
@Category("poolscope")
@Description("Periodic gauge of one r2dbc-pool ConnectionPool")
@Period("1 s")
@StackTrace(false)
public final class R2dbcPoolEvent extends R2dbcPoolCounts {
    public static final String NAME = "poolscope.R2dbcPool";
    public static final String ALLOCATED = "allocated";
    public static final String MAX = "max";
    public static final String MAX_PENDING = "maxPending";

    @Name(ALLOCATED)
    @Label("Allocated")
    public int allocated;
    @Name(MAX)
    @Label("Max")
    public int max;
    @Name(MAX_PENDING)
    @Label("Max Pending")
    public int maxPending;
}
