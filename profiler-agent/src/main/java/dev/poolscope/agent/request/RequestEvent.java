package dev.poolscope.agent.request;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

@Name("poolscope.Request")
@Label("HTTP Request")
@Category("poolscope")
@Description("One HTTP request, from servlet dispatch to the application's return, on its worker thread")
@StackTrace(false)
final class RequestEvent extends jdk.jfr.Event {
    @Label("Request Id")
    String requestId;
    @Label("Method")
    String method;
    @Label("URI")
    String uri;
    @Label("Status")
    int status;
    @Label("Server")
    String server;
}
