package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** Time inside a HikariCP pool's getConnection, one per call; the pool's state when the call began. */
@Name(ConnectionWaitEvent.NAME)
@Label("Connection Wait")
@Category("poolscope")
@Description("Time inside the pool's getConnection, one per call")
@StackTrace(false)
public final class ConnectionWaitEvent extends HikariPoolState {
    public static final String NAME = "poolscope.ConnectionWait";
    public static final String CONNECTION_ID = "connectionId";
    public static final String SUCCESS = "success";

    @Name(CONNECTION_ID)
    @Label("Connection Id")
    public String connectionId;
    @Name(SUCCESS)
    @Label("Success")
    public boolean success;
}
