package dev.poolscope.format.event;

import jdk.jfr.Label;
import jdk.jfr.Name;

/** The pool's counts and the request and connection, shared by the acquire and hold events. */
public abstract class R2dbcPoolState extends R2dbcPoolCounts {
    public static final String REQUEST_ID = "requestId";
    public static final String CONNECTION_ID = "connectionId";

    @Name(REQUEST_ID)
    @Label("Request Id")
    public String requestId;
    @Name(CONNECTION_ID)
    @Label("Connection Id")
    public String connectionId;
}
