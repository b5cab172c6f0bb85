package dev.poolscope.format.event;

import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** The r2dbc pool, the request and the pool's counts, shared by the acquire and hold events. */
public abstract class R2dbcPoolState extends Event {
    public static final String POOL = "pool";
    public static final String REQUEST_ID = "requestId";
    public static final String CONNECTION_ID = "connectionId";
    public static final String ACQUIRED = "acquired";
    public static final String IDLE = "idle";
    public static final String PENDING = "pending";

    @Name(POOL)
    @Label("Pool")
    public String pool;
    @Name(REQUEST_ID)
    @Label("Request Id")
    public String requestId;
    @Name(CONNECTION_ID)
    @Label("Connection Id")
    public String connectionId;
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
