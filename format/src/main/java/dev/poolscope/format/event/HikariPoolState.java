package dev.poolscope.format.event;

import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A HikariCP pool and its state, shared by the wait, hold and gauge events (JFR records a superclass's fields too).
 * -1 in a count: the pool would not tell.
 */
public abstract class HikariPoolState extends Event {
    public static final String POOL = "pool";
    public static final String ACTIVE = "active";
    public static final String IDLE = "idle";
    public static final String WAITING = "waiting";
    public static final String TOTAL = "total";

    @Name(POOL)
    @Label("Pool")
    public String pool;
    @Name(ACTIVE)
    @Label("Active")
    public int active;
    @Name(IDLE)
    @Label("Idle")
    public int idle;
    @Name(WAITING)
    @Label("Waiting")
    public int waiting;
    @Name(TOTAL)
    @Label("Total")
    public int total;
}
