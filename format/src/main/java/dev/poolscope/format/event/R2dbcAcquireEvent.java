package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One acquire from an r2dbc-pool, subscribed until it is delivered, fails or is cancelled. */
@Name(R2dbcAcquireEvent.NAME)
@Label("R2DBC Acquire")
@Category("poolscope")
@Description("One acquire from an r2dbc-pool: subscribed until a connection is delivered, it fails or is cancelled")
@StackTrace(false)
public final class R2dbcAcquireEvent extends R2dbcPoolState {
    public static final String NAME = "poolscope.R2dbcAcquire";
    public static final String OUTCOME = "outcome";
    public static final String MAX = "max";
    /** The values of {@link #OUTCOME}. */
    public static final String OUTCOME_ACQUIRED = "acquired", OUTCOME_FAILED = "failed",
            OUTCOME_CANCELLED = "cancelled";

    @Name(OUTCOME)
    @Label("Outcome")
    public String outcome;
    @Name(MAX)
    @Label("Max")
    public int max;
}
