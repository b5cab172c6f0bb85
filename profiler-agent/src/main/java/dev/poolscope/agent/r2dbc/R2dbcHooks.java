package dev.poolscope.agent.r2dbc;

import dev.poolscope.agent.ConnectionIds;
import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.netty.NettyHooks;
import dev.poolscope.format.event.R2dbcAcquireEvent;
import dev.poolscope.format.event.R2dbcHoldEvent;
import dev.poolscope.format.event.R2dbcPoolEvent;

import java.lang.reflect.Method;
import java.time.Duration;

import jdk.jfr.FlightRecorder;

/** What the r2dbc-pool and reactor-pool advice calls, with plain types only. */
public final class R2dbcHooks {
    public static final String ACQUIRED = R2dbcAcquireEvent.OUTCOME_ACQUIRED,
            FAILED = R2dbcAcquireEvent.OUTCOME_FAILED, CANCELLED = R2dbcAcquireEvent.OUTCOME_CANCELLED;
    private static final ThreadLocal<int[]> STATE = ThreadLocal.withInitial(() -> new int[6]);

    private R2dbcHooks() {
    }

    /** {@code ConnectionPool(ConnectionPoolConfiguration)} returned: remember its reactor-pool pool and name. */
    public static void poolCreated(Object connectionPool, Object pool, Object config,
            Duration maxAcquireTime) {
        try {
            if (pool != null) {
                String name = nameOf(config);
                R2dbcPools.add(pool,
                        name == null || name.isEmpty()
                                ? "r2dbc-pool-" + Integer.toHexString(System.identityHashCode(connectionPool))
                                : name,
                        maxAcquireTime);
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** The configuration's name; its getter is package-private, so it is read once per pool by reflection. */
    private static String nameOf(Object config) {
        try {
            Method m = config.getClass().getDeclaredMethod("getName");
            m.setAccessible(true);
            return (String) m.invoke(config);
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    /** Whether acquires from this reactor-pool pool are recorded (it belongs to an r2dbc-pool). */
    public static boolean tracked(Object pool) {
        return R2dbcPools.nameOf(pool) != null;
    }

    /** An acquire was subscribed (reactor-pool's {@code Borrower} created). */
    public static void acquireBegin(Object borrower, Object pool, Object contextRequest) {
        try {
            String name = R2dbcPools.nameOf(pool);
            if (name == null || !(borrower instanceof PoolStamp stamp)) {
                return;
            }
            R2dbcAcquireEvent e = new R2dbcAcquireEvent();
            if (e.isEnabled()) {
                int[] s = STATE.get();
                R2dbcPools.read(pool, s);
                e.acquired = s[R2dbcPools.ACQUIRED];
                e.idle = s[R2dbcPools.IDLE];
                e.pending = s[R2dbcPools.PENDING];
                e.max = s[R2dbcPools.MAX];
            }
            e.begin();
            stamp.poolscope$r2dbc(new Acquire(e, name, pool, contextRequest));
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /**
     * The acquire ended: {@code ref} and {@code connection} are the delivered pooled reference and its connection
     * (null unless {@code outcome} is acquired). Only the first end counts. A delivered connection's hold begins.
     */
    public static void acquireEnd(Object borrower, String outcome, Object ref, Object connection) {
        try {
            if (!(borrower instanceof PoolStamp stamp) || !(stamp.poolscope$r2dbc() instanceof Acquire a)) {
                return;
            }
            stamp.poolscope$r2dbc(Boolean.TRUE);
            String connectionId = ACQUIRED.equals(outcome) && connection != null
                    ? ConnectionIds.of(connection)
                    : "";
            R2dbcAcquireEvent e = a.event();
            e.end();
            if (e.shouldCommit()) {
                e.pool = a.name();
                e.requestId = NettyHooks.requestIdOf(a.request());
                e.connectionId = connectionId;
                e.outcome = outcome;
                e.commit();
            }
            if (!connectionId.isEmpty() && ref instanceof PoolStamp refStamp) {
                R2dbcHoldEvent hold = new R2dbcHoldEvent();
                hold.pool = a.name();
                hold.connectionId = connectionId;
                hold.begin();
                refStamp.poolscope$r2dbc(new Hold(hold, a.pool(), a.request()));
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** The pool took the connection back (released, invalidated or destroyed): the hold ends, once. */
    public static void holdEnd(Object ref) {
        try {
            if (!(ref instanceof PoolStamp stamp) || !(stamp.poolscope$r2dbc() instanceof Hold h)) {
                return;
            }
            stamp.poolscope$r2dbc(null);
            R2dbcHoldEvent e = h.event();
            e.end();
            if (e.shouldCommit()) {
                int[] s = STATE.get();
                R2dbcPools.read(h.pool(), s);
                e.acquired = s[R2dbcPools.ACQUIRED];
                e.idle = s[R2dbcPools.IDLE];
                e.pending = s[R2dbcPools.PENDING];
                e.requestId = NettyHooks.requestIdOf(h.request());
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static void register() {
        FlightRecorder.register(R2dbcAcquireEvent.class);
        FlightRecorder.register(R2dbcHoldEvent.class);
        FlightRecorder.register(R2dbcPoolEvent.class);
        FlightRecorder.addPeriodicEvent(R2dbcPoolEvent.class, R2dbcHooks::sample);
    }

    @SuppressWarnings("unchecked")
    public static Class<? extends jdk.jfr.Event>[] eventTypes() {
        return new Class[]{R2dbcAcquireEvent.class, R2dbcHoldEvent.class, R2dbcPoolEvent.class};
    }

    private static void sample() {
        try {
            int[] s = new int[6];
            for (R2dbcPools.Pool p : R2dbcPools.live()) {
                Object pool = p.pool().get();
                if (pool == null) {
                    continue;
                }
                R2dbcPools.read(pool, s);
                R2dbcPoolEvent e = new R2dbcPoolEvent();
                e.pool = p.name();
                e.acquired = s[R2dbcPools.ACQUIRED];
                e.idle = s[R2dbcPools.IDLE];
                e.pending = s[R2dbcPools.PENDING];
                e.allocated = s[R2dbcPools.ALLOCATED];
                e.max = s[R2dbcPools.MAX];
                // reactor-pool says Integer.MAX_VALUE for no limit; the contract says -1.
                e.maxPending = s[R2dbcPools.MAX_PENDING] == Integer.MAX_VALUE
                        ? -1
                        : s[R2dbcPools.MAX_PENDING];
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private record Acquire(R2dbcAcquireEvent event, String name, Object pool, Object request) {
    }

    private record Hold(R2dbcHoldEvent event, Object pool, Object request) {
    }
}
