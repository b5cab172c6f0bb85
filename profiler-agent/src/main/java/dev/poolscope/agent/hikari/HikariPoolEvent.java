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
final class HikariPoolEvent extends PoolStateEvent {
    @Label("Max")
    int max;
}
