package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One outbound HTTP call, from the call until its response (or its failure): a wait for another service, named by
 * its target. A blocking call is committed on the calling thread when it returns; an asynchronous one where it
 * completes.
 */
@Name(HttpCallEvent.NAME)
@Label("HTTP Call")
@Category("poolscope")
@Description("One outbound HTTP call, from the call until its response or its failure")
@StackTrace(false)
public final class HttpCallEvent extends Event {
    public static final String NAME = "poolscope.HttpCall";
    public static final String TARGET = "target";
    public static final String METHOD = "method";
    public static final String STATUS = "status";
    public static final String FAILED = "failed";
    public static final String ERROR = "error";
    public static final String CLIENT = "client";
    public static final String BLOCKING = "blocking";
    public static final String CALLER_THREAD_ID = "callerThreadId";
    public static final String REQUEST_ID = "requestId";
    public static final String CONNECTIONS_HELD = "connectionsHeld";
    /** {@link #STATUS} when no response was received. */
    public static final int NO_STATUS = -1;
    /** The values of {@link #CLIENT}: the API the caller called. */
    public static final String CLIENT_JDK = "jdk", CLIENT_REST_TEMPLATE = "resttemplate",
            CLIENT_REST_CLIENT = "restclient", CLIENT_SPRING = "spring",
            CLIENT_REACTOR_NETTY = "reactor-netty",
            CLIENT_APACHE4 = "apache4", CLIENT_APACHE5 = "apache5", CLIENT_OKHTTP = "okhttp";

    @Name(TARGET)
    @Label("Target")
    public String target;
    @Name(METHOD)
    @Label("Method")
    public String method;
    @Name(STATUS)
    @Label("Status")
    public int status;
    @Name(FAILED)
    @Label("Failed")
    public boolean failed;
    @Name(ERROR)
    @Label("Error")
    public String error;
    @Name(CLIENT)
    @Label("Client")
    public String client;
    @Name(BLOCKING)
    @Label("Blocking")
    public boolean blocking;
    @Name(CALLER_THREAD_ID)
    @Label("Caller Thread Id")
    public long callerThreadId;
    @Name(REQUEST_ID)
    @Label("Request Id")
    public String requestId;
    @Name(CONNECTIONS_HELD)
    @Label("Connections Held")
    @Description("Pooled JDBC connections (HikariCP) the calling thread held when it made the call: above 0, the call is inside a connection hold")
    public int connectionsHeld;
}
