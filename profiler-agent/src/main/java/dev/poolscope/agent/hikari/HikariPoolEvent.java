package dev.poolscope.agent.hikari;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

@Name("poolscope.HikariPool")
@Label("Hikari Pool")
@Category("poolscope")
@Description("Periodic gauge of one HikariCP pool")
@Period("1 s")
@StackTrace(false)
final class HikariPoolEvent extends jdk.jfr.Event {
    @Label("Pool")
    String pool;
    @Label("Active")
    int active;
    @Label("Idle")
    int idle;
    @Label("Waiting")
    int waiting;
    @Label("Total")
    int total;
    @Label("Max")
    int max;
}
