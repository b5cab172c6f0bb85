package dev.poolscope.agent.hikari;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

@Name("poolscope.ConnectionHold")
@Label("Connection Hold")
@Category("poolscope")
@Description("One borrow: getConnection returned until close()")
@StackTrace(false)
final class ConnectionHoldEvent extends PoolStateEvent {
    @Label("Connection Id")
    String connectionId;
}
