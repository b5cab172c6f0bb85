package dev.poolscope.agent.statements;

import dev.poolscope.agent.HookSwitch;
import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.WeakIdentityMap;
import dev.poolscope.format.event.StatementEvent;

import jdk.jfr.FlightRecorder;

/**
 * What the JDBC and R2DBC statement advice calls, with plain types only.
 *
 * <p>
 * Pools and spies wrap drivers (HikariCP's {@code HikariProxyPreparedStatement} calls {@code PgPreparedStatement}), and
 * both are hooked: per thread, only the outermost creation and the outermost execution count. The outermost creation
 * stamps its statement with the innermost connection's identity, the driver's own connection, which is the one
 * {@code ConnectionHold} and {@code R2dbcHold} name. Over 300 lines because the JDBC and R2DBC entry points share
 * one per-thread state (the outermost creation and execution), which must not be split across classes the advice
 * reaches through the boot path.
 */
public final class StatementHooks {
    /** Statements stamped in {@link #STAMPS} at most (their classes were loaded before the agent attached). */
    static final int MAX_MAPPED = 100_000;
    private static final Object NESTED = new Object();
    private static final ThreadLocal<Frame> FRAME = ThreadLocal.withInitial(Frame::new);
    /** State of statements whose class has no {@link StatementStamp} field. */
    private static final WeakIdentityMap<StatementInfo> STAMPS = new WeakIdentityMap<>();
    private static volatile boolean enabled = true;

    private StatementHooks() {
    }

    /** Set before the hooks are installed: {@code statements=false} installs none. */
    public static void configure(boolean on) {
        enabled = on;
    }

    public static boolean enabled() {
        return enabled;
    }

    /** A connection's {@code prepareStatement/prepareCall/createStatement} begins; the token goes to {@link #created}. */
    public static Object creating(Object connection) {
        if (!HookSwitch.on()) {
            return null;
        }
        Frame f = FRAME.get();
        f.innermost = connection;
        f.creating++;
        return f;
    }

    /** It returned {@code statement} (null when it threw): the outermost call stamps it. */
    public static void created(Object token, Object statement, String sql) {
        if (!(token instanceof Frame f)) {
            return;
        }
        if (--f.creating > 0) {
            return;
        }
        Object connection = f.innermost;
        f.innermost = null;
        f.creating = 0;
        try {
            if (statement != null) {
                stamp(statement, new StatementInfo(connection, sql));
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private static void stamp(Object statement, StatementInfo info) {
        if (statement instanceof StatementStamp s) {
            s.poolscope$statement(info);
        } else if (STAMPS.size() < MAX_MAPPED) {
            STAMPS.put(statement, info);
        }
    }

    static StatementInfo infoOf(Object statement) {
        if (statement instanceof StatementStamp s) {
            return s.poolscope$statement() instanceof StatementInfo i ? i : null;
        }
        return statement == null ? null : STAMPS.get(statement);
    }

    /** A JDBC execution begins: the token (for {@link #executed}) times it when it is the thread's outermost. */
    public static Object enter() {
        if (!HookSwitch.on()) {
            return null;
        }
        Frame f = FRAME.get();
        if (f.executing) {
            return NESTED;
        }
        StatementEvent e = new StatementEvent();
        e.begin();
        f.event = e;
        f.executing = true;
        return f;
    }

    /**
     * A JDBC execution that is not a batch returned ({@code success}) or threw. {@code sql} is the text passed to the
     * call, null for a prepared statement's; {@code returned} what the call returned: an update count when it is a
     * number (executeUpdate, executeLargeUpdate), else none (a ResultSet, execute's boolean).
     */
    public static void executed(Object token, Object statement, String sql, String kind, Object returned,
            boolean success) {
        StatementEvent e = take(token);
        if (e == null) {
            return;
        }
        try {
            e.end();
            if (e.shouldCommit()) {
                StatementInfo info = infoOf(statement);
                e.sql = sql != null ? SqlTexts.normalized(sql) : info != null ? info.preparedSql() : "";
                long rows = success && returned instanceof Number n ? n.longValue() : -1;
                commit(e, info, kind, rows, 0, success);
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** {@code executeBatch} or {@code executeLargeBatch} returned its update counts ({@code int[]}, {@code long[]}). */
    public static void executedBatch(Object token, Object statement, String kind, Object counts,
            boolean success) {
        StatementEvent e = take(token);
        if (e == null) {
            return;
        }
        long rows = -1;
        int size = -1;
        if (success && counts instanceof int[] ints) {
            size = ints.length;
            rows = 0;
            for (int c : ints) {
                rows = sum(rows, c);
            }
        } else if (success && counts instanceof long[] longs) {
            size = longs.length;
            rows = 0;
            for (long c : longs) {
                rows = sum(rows, c);
            }
        }
        batch(e, statement, kind, rows, size, success);
    }

    /** Statement.SUCCESS_NO_INFO (-2) and EXECUTE_FAILED (-3) make the sum unknown. */
    private static long sum(long rows, long count) {
        return count >= 0 && rows >= 0 ? rows + count : -1;
    }

    private static void batch(StatementEvent e, Object statement, String kind, long rows, int size,
            boolean success) {
        try {
            StatementInfo info = infoOf(statement);
            e.end();
            if (e.shouldCommit()) {
                e.sql = info != null ? info.batchSql() : "";
                int batchSize = size >= 0 ? size : info != null ? info.batchCount() : 0;
                commit(e, info, kind, rows, batchSize, success);
            }
            if (info != null) {
                info.clearBatch();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private static StatementEvent take(Object token) {
        if (!(token instanceof Frame f)) {
            return null;
        }
        StatementEvent e = f.event;
        f.event = null;
        f.executing = false;
        return e;
    }

    private static void commit(StatementEvent e, StatementInfo info, String kind, long rows, int batchSize,
            boolean success) {
        e.kind = kind;
        e.rows = rows;
        e.batchSize = batchSize;
        e.success = success;
        e.connectionId = info != null ? info.connectionId() : "";
        e.requestId = "";
        e.commit();
    }

    /** {@code addBatch(sql)} ({@code sql} null: a prepared statement's {@code addBatch()}). */
    public static void addBatch(Object statement, String sql) {
        try {
            StatementInfo info = infoOf(statement);
            if (info != null && HookSwitch.on()) {
                info.addBatch(sql);
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static void clearBatch(Object statement) {
        try {
            StatementInfo info = infoOf(statement);
            if (info != null) {
                info.clearBatch();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /**
     * An R2DBC {@code Statement.execute()} begins: it only assembles the publisher, so nothing is timed here; the
     * token marks the outermost call on the thread (a wrapping statement's delegate is not recorded twice).
     */
    public static Object r2dbcEnter() {
        if (!HookSwitch.on()) {
            return null;
        }
        Frame f = FRAME.get();
        if (f.executing) {
            return NESTED;
        }
        f.executing = true;
        return f;
    }

    /**
     * It returned: the execution to time from the publisher's subscription to its end (see
     * {@link R2dbcExecution}), or null when this call is not recorded.
     */
    public static Object r2dbcExecution(Object token, Object statement) {
        if (!(token instanceof Frame f)) {
            return null;
        }
        f.executing = false;
        try {
            StatementInfo info = infoOf(statement);
            return new R2dbcExecution(info == null ? "" : info.preparedSql(),
                    info == null ? "" : info.connectionId());
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    /** The {@code doOnNext} hook of an execution from {@link #r2dbcExecution}: marks each Result it emits. */
    public static Object r2dbcResult(Object execution) {
        return execution instanceof R2dbcExecution x ? x.onResult() : null;
    }

    /** The {@code doFinally} hook of an execution from {@link #r2dbcExecution}. */
    public static Object r2dbcFinally(Object execution) {
        return execution instanceof R2dbcExecution x ? x.onFinally() : null;
    }

    /**
     * A Result's {@code map}, {@code flatMap} or {@code getRowsUpdated} returned the publisher that consumes it: the
     * {@code doFinally} hook that ends it, or null when the Result is none of a recorded execution's.
     */
    public static Object r2dbcConsuming(Object result) {
        try {
            return R2dbcExecution.consuming(result);
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    /** The {@code doOnNext} hook of {@code getRowsUpdated}'s publisher: the app reads the count, so it costs nothing. */
    public static Object r2dbcRows(Object consumption) {
        return consumption instanceof R2dbcExecution.Consumption c ? c.onRows() : null;
    }

    /** The consuming call threw or returned a publisher without Reactor's operators: the Result ends now. */
    public static void r2dbcConsumed(Object consumption, boolean failed) {
        if (consumption instanceof R2dbcExecution.Consumption c) {
            c.accept(failed ? R2dbcExecution.FAILED : null);
        }
    }

    /** {@code Result.filter} returned a Result that stands for this one. */
    public static void r2dbcFiltered(Object result, Object filtered) {
        try {
            R2dbcExecution.filtered(result, filtered);
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** The {@code contextWrite} hook of an execution: reads the request id at subscription, changes nothing. */
    public static Object r2dbcContext(Object execution) {
        return execution instanceof R2dbcExecution x ? x.onContext() : null;
    }

    public static void register() {
        FlightRecorder.register(StatementEvent.class);
    }

    @SuppressWarnings("unchecked")
    public static Class<? extends jdk.jfr.Event>[] eventTypes() {
        return new Class[]{StatementEvent.class};
    }

    /** For tests: statements stamped in the map. */
    static int mapped() {
        return STAMPS.size();
    }

    /** Per thread: the creation and the execution under way. */
    private static final class Frame {
        int creating;
        Object innermost;
        boolean executing;
        StatementEvent event;
    }
}
