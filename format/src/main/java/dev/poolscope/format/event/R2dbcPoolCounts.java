package dev.poolscope.format.event;

import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** An r2dbc-pool pool and its counts, shared by the gauge, the acquire and the hold events. */
public abstract class R2dbcPoolCounts extends Event {
    public static final String POOL = "pool";
    public static final String ACQUIRED = "acquired";
    public static final String IDLE = "idle";
    public static final String PENDING = "pending";

    @Name(POOL)
    @Label("Pool")
    public String pool;
    @Name(ACQUIRED)
    @Label("Acquired")
    public int acquired;
    @Name(IDLE)
    @Label("Idle")
    public int idle;
    @Name(PENDING)
    @Label("Pending")
    public int pending;
}
