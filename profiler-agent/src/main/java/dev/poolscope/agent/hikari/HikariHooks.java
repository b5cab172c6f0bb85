package dev.poolscope.agent.hikari;

import dev.poolscope.agent.Suppressed;

import jdk.jfr.FlightRecorder;

/** What the Hikari advice calls, with plain types only. */
public final class HikariHooks {
    private HikariHooks() {
    }

    public static void poolCreated(Object pool, String name, Object config) {
        try {
            HikariPools.add(pool, name == null ? String.valueOf(pool) : name, config);
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static Object waitBegin(int active, int idle, int waiting, int total) {
        ConnectionWaitEvent e = new ConnectionWaitEvent();
        e.active = active;
        e.idle = idle;
        e.waiting = waiting;
        e.total = total;
        e.begin();
        return e;
    }

    public static void waitEnd(Object wait, Object pool, Object connection, Object physical) {
        try {
            String poolName = String.valueOf(pool);
            String connectionId = physical == null ? "" : idOf(physical);
            if (wait instanceof ConnectionWaitEvent e) {
                e.end();
                if (e.shouldCommit()) {
                    e.pool = poolName;
                    e.connectionId = connectionId;
                    e.success = physical != null;
                    e.commit();
                }
            }
            if (physical != null && connection instanceof BorrowStamp stamp) {
                ConnectionHoldEvent hold = new ConnectionHoldEvent();
                hold.pool = poolName;
                hold.connectionId = connectionId;
                hold.begin();
                stamp.poolscope$borrow(new Borrow(hold, pool));
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static Object holdTake(Object proxy) {
        if (proxy instanceof BorrowStamp stamp) {
            Object b = stamp.poolscope$borrow();
            if (b != null) {
                stamp.poolscope$borrow(null);
                return b;
            }
        }
        return null;
    }

    public static void holdEnd(Object taken) {
        if (!(taken instanceof Borrow b)) {
            return;
        }
        try {
            ConnectionHoldEvent e = b.event();
            e.end();
            if (e.shouldCommit()) {
                e.readState(b.pool());
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** The physical connection's identity: stable across borrows, unlike Hikari's per-borrow proxy. */
    static String idOf(Object physical) {
        return Integer.toHexString(System.identityHashCode(physical));
    }

    public static void register() {
        FlightRecorder.register(ConnectionWaitEvent.class);
        FlightRecorder.register(ConnectionHoldEvent.class);
        FlightRecorder.register(HikariPoolEvent.class);
        FlightRecorder.addPeriodicEvent(HikariPoolEvent.class, HikariHooks::sample);
    }

    @SuppressWarnings("unchecked")
    public static Class<? extends jdk.jfr.Event>[] eventTypes() {
        return new Class[]{ConnectionWaitEvent.class, ConnectionHoldEvent.class, HikariPoolEvent.class};
    }

    private static void sample() {
        try {
            for (HikariPools.Pool p : HikariPools.live()) {
                Object pool = p.pool().get();
                if (pool == null) {
                    continue;
                }
                HikariPoolEvent e = new HikariPoolEvent();
                e.pool = p.name();
                e.readState(pool);
                e.max = HikariPools.maxSize(p.config().get());
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private record Borrow(ConnectionHoldEvent event, Object pool) {
    }
}
