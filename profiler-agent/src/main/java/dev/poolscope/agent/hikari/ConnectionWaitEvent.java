package dev.poolscope.agent.hikari;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

@Name("poolscope.ConnectionWait")
@Label("Connection Wait")
@Category("poolscope")
@Description("Time inside the pool's getConnection, one per call")
@StackTrace(false)
final class ConnectionWaitEvent extends PoolStateEvent {
    @Label("Connection Id")
    String connectionId;
    @Label("Success")
    boolean success;
}
