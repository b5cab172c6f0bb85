package dev.poolscope.analysis.model;

/** What a stored same-thread interval was; {@code cause} is null for intervals that only give structure. */
enum SpanKind {
    CONNECTION_WAIT(Cause.CONNECTION_WAIT),
    /** A borrowed connection, getConnection returned → close(): the SQL/hold step. */
    CONNECTION_HOLD(null), REDIS_WAIT(Cause.REDIS_WAIT),
    /** A blocking outbound HTTP call, called → returned, labelled with its target. */
    HTTP_WAIT(Cause.HTTP_WAIT), PARK_POOL(Cause.CONNECTION_WAIT), PARK_REDIS(
            Cause.REDIS_WAIT), LOCK(Cause.LOCK_WAIT), SLEEP(Cause.SLEEP),
    /** Socket I/O under a JDBC driver or the connection pool: the database at work. */
    DATABASE(Cause.DATABASE), SOCKET(Cause.SOCKET_IO),
    /**
     * A JDBC statement execution: structure for the step profiles and the statements view, no cause of its own (the
     * socket reads inside it say database); what CPU and run delay leave of its uncovered time is the database's
     * ({@link Attributor}). Its label is a {@link StatementLabels} id.
     */
    STATEMENT(null),
    /**
     * A write to a peer on this machine that fit the smallest send buffer: not a wait (nothing but a CPU to wait for),
     * kept for structure only, so the request's own CPU and run delay fill its time.
     */
    LOCAL_WRITE(null),
    /**
     * A virtual thread's timed wait past its due time (a sleep's time, a timeout that expired): it was ready to run
     * and waited for a carrier, or its carrier for a CPU. A platform thread's run delay is measured by schedstat;
     * a virtual thread has none, and this is the part of it the recording shows.
     */
    CARRIER_WAIT(Cause.RUN_DELAY);

    static final SpanKind[] ALL = values();

    /** What a JDK wait event is as an interval: a park under the pool is pool wait, other parks are locks. */
    static SpanKind of(dev.poolscope.analysis.recording.Events.WaitKind k) {
        return switch (k) {
            case PARK_POOL -> PARK_POOL;
            case PARK_REDIS -> PARK_REDIS;
            case PARK_OTHER, MONITOR_ENTER, MONITOR_WAIT -> LOCK;
            case SLEEP -> SLEEP;
            case SOCKET_READ, SOCKET_WRITE -> SOCKET;
            case DATABASE_IO -> DATABASE;
            case LOCAL_WRITE -> LOCAL_WRITE;
        };
    }
    final Cause cause;

    SpanKind(Cause cause) {
        this.cause = cause;
    }
}
