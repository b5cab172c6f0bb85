package dev.poolscope.agent.hikari;

/**
 * Added to Hikari's {@code ProxyConnection} (with a field behind it) so a borrow's start travels with the
 * connection to {@code close()}, whichever thread closes it, without a global map.
 */
public interface BorrowStamp {
    String FIELD = "poolscope$borrow";

    Object poolscope$borrow();

    void poolscope$borrow(Object borrow);
}
