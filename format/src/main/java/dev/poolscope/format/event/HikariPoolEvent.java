package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/** Periodic gauge of one HikariCP pool. */
@Name(HikariPoolEvent.NAME)
@Label("Hikari Pool")
@Category("poolscope")
@Description("Periodic gauge of one HikariCP pool")
@Period("1 s")
@StackTrace(false)
public final class HikariPoolEvent extends HikariPoolState {
    public static final String NAME = "poolscope.HikariPool";
    public static final String MAX = "max";

    @Name(MAX)
    @Label("Max")
    public int max;
}
