package dev.poolscope.agent.request;

import dev.poolscope.agent.HookSwitch;
import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.WallFilter;
import dev.poolscope.agent.threads.ThreadClock;
import dev.poolscope.agent.threads.ThreadTracker;
import dev.poolscope.format.event.RequestEvent;

/**
 * What the request advice calls. A per-thread depth makes nested dispatches (filters calling the next chain
 * element, the servlet itself) part of the outermost span.
 */
public final class RequestHooks {
    public static final String REQUEST_ID_HEADER = "X-Request-Id";
    private static final Object NESTED = new Object();
    private static final ThreadLocal<Scope> SCOPE = ThreadLocal.withInitial(Scope::new);
    private static final ClassValue<String> SERVER = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            return serverOf(type.getName());
        }
    };

    private RequestHooks() {
    }

    /** Returns a token for {@link #leave}: the span when this call opens one, else a nested marker. */
    public static Object enter(boolean requestDispatch) {
        if (!HookSwitch.on()) {
            return null;
        }
        try {
            Scope s = SCOPE.get();
            if (s.depth++ > 0 || !requestDispatch) {
                return NESTED;
            }
            ThreadTracker.trackCurrent();
            WallFilter.addCurrent();
            RequestStats.begin(Thread.currentThread().isVirtual());
            s.startNanos = System.nanoTime();
            s.event = new RequestEvent();
            s.event.begin();
            // Read inside the span (after begin, before end): the CPU it measures is part of the span. Unstarted,
            // the clock's stop reads nothing and reports -1.
            if (ClockBudget.take(s.startNanos)) {
                s.clock.start();
            }
            return s;
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    /** Balances {@link #enter} first, so a failure while reading the request cannot unbalance the depth. */
    public static Object leave(Object token) {
        if (token == null) {
            return null;
        }
        Scope s = SCOPE.get();
        s.depth--;
        return token == s ? s : null;
    }

    /**
     * A span bound to no thread, for servers where a request is not a thread (Reactor Netty): begun here, ended by
     * {@link #commitDetached} on whichever thread the request ends.
     */
    public static Object beginDetached() {
        try {
            ThreadTracker.trackCurrent();
            // The event loop: added for good (idempotent), never removed when the request ends.
            WallFilter.addCurrent();
            RequestStats.begin(false);
            Scope s = new Scope();
            s.startNanos = System.nanoTime();
            s.event = new RequestEvent();
            s.event.begin();
            return s;
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    public static void commitDetached(Object span, String requestId, String method, String uri, int status,
            String server) {
        if (span instanceof Scope s) {
            commit(s, requestId, method, uri, status, server);
        }
    }

    public static void commit(Object span, String requestId, String method, String uri, int status,
            Class<?> requestClass) {
        try {
            commit((Scope) span, requestId, method, uri, status, SERVER.get(requestClass));
        } finally {
            WallFilter.removeCurrent();
        }
    }

    private static void commit(Scope s, String requestId, String method, String uri, int status,
            String server) {
        RequestEvent e = s.event;
        s.event = null;
        if (e == null) {
            return;
        }
        s.clock.stop();
        RequestStats.end(System.nanoTime() - s.startNanos);
        e.end();
        if (e.shouldCommit()) {
            e.requestId = requestId == null ? "" : requestId;
            e.method = method == null ? "" : method;
            e.uri = uri == null ? "" : uri;
            e.status = status;
            e.server = server;
            // A detached span's clock never started: -1, the request has no thread of its own.
            e.cpuNanos = s.clock.cpuNanos();
            e.runDelayNanos = s.clock.runDelayNanos();
            RequestStats.server(e.server);
            e.commit();
        }
    }

    static String serverOf(String requestClassName) {
        if (requestClassName.startsWith("org.apache.")) {
            return "tomcat";
        }
        if (requestClassName.startsWith("org.eclipse.jetty.")) {
            return "jetty";
        }
        if (requestClassName.startsWith("io.undertow.")) {
            return "undertow";
        }
        if (requestClassName.startsWith("reactor.netty.")) {
            return "netty";
        }
        return "unknown";
    }

    public static void register() {
        jdk.jfr.FlightRecorder.register(RequestEvent.class);
    }

    public static Class<? extends jdk.jfr.Event> eventType() {
        return RequestEvent.class;
    }

    private static final class Scope {
        int depth;
        long startNanos;
        RequestEvent event;
        final ThreadClock clock = ThreadClock.ofCurrentThread();
    }
}
