package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** One borrow from a HikariCP pool: getConnection returned until close(); the pool's state at close(). */
@Name(ConnectionHoldEvent.NAME)
@Label("Connection Hold")
@Category("poolscope")
@Description("One borrow: getConnection returned until close()")
@StackTrace(false)
public final class ConnectionHoldEvent extends HikariPoolState {
    public static final String NAME = "poolscope.ConnectionHold";
    public static final String CONNECTION_ID = "connectionId";

    @Name(CONNECTION_ID)
    @Label("Connection Id")
    public String connectionId;
}
