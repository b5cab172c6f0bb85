package dev.poolscope.agent.r2dbc;

/**
 * Added to reactor-pool's {@code Borrower} (an acquire in flight) and {@code AbstractPooledRef} (a delivered
 * connection), with a field behind it, so an acquire's or a hold's start travels to whichever thread ends it.
 */
public interface PoolStamp {
    String FIELD = "poolscope$r2dbc";

    Object poolscope$r2dbc();

    void poolscope$r2dbc(Object value);
}
