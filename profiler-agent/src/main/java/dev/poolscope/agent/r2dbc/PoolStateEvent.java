package dev.poolscope.agent.r2dbc;

import jdk.jfr.Label;

/** The pool, the request and the pool's counts, shared by the acquire and hold events. */
abstract class PoolStateEvent extends jdk.jfr.Event {
    @Label("Pool")
    String pool;
    @Label("Request Id")
    String requestId;
    @Label("Connection Id")
    String connectionId;
    @Label("Acquired")
    int acquired;
    @Label("Idle")
    int idle;
    @Label("Pending")
    int pending;
}
