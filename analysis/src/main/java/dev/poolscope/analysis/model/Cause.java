package dev.poolscope.analysis.model;

/**
 * Where a thread's time went. Explicit causes come from same-thread events and are listed in the order they win
 * when events overlap (a park inside getConnection is pool wait, not lock wait); the last three split what no
 * event covers.
 */
public enum Cause {
    CONNECTION_WAIT("connection_wait", "waiting for a pooled connection", "#d62728"), REDIS_WAIT("redis_wait",
            "waiting for a Redis reply", "#ff7f0e"),
    /**
     * An outbound HTTP call the thread made and waited for: another service. It wins over the park, monitor or socket
     * read the client waits in, which would otherwise be a lock wait or socket I/O.
     */
    HTTP_WAIT("http_wait", "waiting for an outbound HTTP call", "#e6ab02"), GC_PAUSE("gc_pause",
            "GC / safepoint pause",
            "#8c564b"), LOCK_WAIT("lock_wait", "monitor / lock wait", "#9467bd"), SLEEP("sleep",
                    "sleeping", "#bcbd22"),
    /** Database time: socket I/O under a JDBC driver, or (reactive stack) an R2DBC connection held by the request. */
    DATABASE("database", "in the database", "#1f77b4"), SOCKET_IO("socket_io", "socket I/O", "#17becf"),
    /** Reactive stack: the request's event loop was running another request's task. */
    EVENT_LOOP_QUEUE("event_loop_queue", "queued behind other work on its event loop", "#aec7e8"), RUN_DELAY(
            "run_delay", "runnable, not scheduled",
            "#e377c2"), CPU("cpu", "on CPU", "#2ca02c"), UNEXPLAINED("unexplained", "unexplained", "#7f7f7f");

    public static final Cause[] ALL = values();
    /**
     * Waits that need no CPU and queue on nothing in this JVM: another service, the database, a sleep, the network.
     * More threads overlap more of them (Goetz's W, worker-pool-saturated's blocking share).
     */
    public static final java.util.Set<Cause> INDEPENDENT = java.util.Collections
            .unmodifiableSet(java.util.EnumSet.of(REDIS_WAIT, HTTP_WAIT, SLEEP, DATABASE, SOCKET_IO));
    /**
     * Causes an event interval can paint, in their priority order; CPU and unexplained only share the uncovered
     * remainder. Run delay is both: painted where an interval shows it (a virtual thread's wait past its due time,
     * below every wait), and a share of the remainder.
     */
    static final int EXPLICIT = RUN_DELAY.ordinal() + 1;

    private final String id;
    private final String label;
    private final String color;

    Cause(String id, String label, String color) {
        this.id = id;
        this.label = label;
        this.color = color;
    }

    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    public String color() {
        return color;
    }
}
