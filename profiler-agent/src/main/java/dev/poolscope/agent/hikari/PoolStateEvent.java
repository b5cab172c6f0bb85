package dev.poolscope.agent.hikari;

import jdk.jfr.Label;

/** The pool and its state, shared by the wait, hold and gauge events (JFR records a superclass's fields too). */
abstract class PoolStateEvent extends jdk.jfr.Event {
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

    /** Reads the live pool's counts; -1 for any the pool would not tell. */
    final void readState(Object livePool) {
        active = HikariPools.state(livePool, HikariPools.ACTIVE);
        idle = HikariPools.state(livePool, HikariPools.IDLE);
        waiting = HikariPools.state(livePool, HikariPools.WAITING);
        total = HikariPools.state(livePool, HikariPools.TOTAL);
    }
}
