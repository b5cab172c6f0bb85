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
final class ConnectionHoldEvent extends jdk.jfr.Event {
    @Label("Pool")
    String pool;
    @Label("Connection Id")
    String connectionId;
    @Label("Active")
    int active;
    @Label("Idle")
    int idle;
    @Label("Waiting")
    int waiting;
    @Label("Total")
    int total;
}
