package dev.poolscope.agent.hikari;

import dev.poolscope.agent.ConnectionIds;
import dev.poolscope.agent.HookSwitch;
import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.WeakIdentityMap;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.ConnectionWaitEvent;
import dev.poolscope.format.event.HikariPoolEvent;
import dev.poolscope.format.event.HikariPoolState;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicInteger;

import jdk.jfr.FlightRecorder;

/** What the Hikari advice calls, with plain types only. */
public final class HikariHooks {
    /** Borrows of proxies whose class was loaded before the agent attached (no {@link BorrowStamp} field). */
    private static final WeakIdentityMap<Borrow> BORROWS = new WeakIdentityMap<>();
    private static volatile WeakReference<Object> lastSeen = new WeakReference<>(null);

    private HikariHooks() {
    }

    public static void poolCreated(Object pool, String name, Object config) {
        try {
            HikariPools.add(pool, name == null ? String.valueOf(pool) : name, config);
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /**
     * A pool constructed before the agent attached, met at its first {@code getConnection}: remembered like one
     * seen at construction. One identity check per call once it is known.
     */
    public static void seen(Object pool) {
        if (lastSeen.get() == pool) {
            return;
        }
        try {
            HikariPools.addIfAbsent(pool);
            lastSeen = new WeakReference<>(pool);
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static Object waitBegin(int active, int idle, int waiting, int total) {
        if (!HookSwitch.on()) {
            return null;
        }
        ConnectionWaitEvent e = new ConnectionWaitEvent();
        e.active = active;
        e.idle = idle;
        e.waiting = waiting;
        e.total = total;
        e.begin();
        return e;
    }

    public static void waitEnd(Object wait, Object pool, Object connection, Object physical) {
        if (wait == null) {
            return;
        }
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
            if (physical != null && connection != null) {
                ConnectionHoldEvent hold = new ConnectionHoldEvent();
                hold.pool = poolName;
                hold.connectionId = connectionId;
                hold.begin();
                if (connection instanceof BorrowStamp stamp) {
                    stamp.poolscope$borrow(new Borrow(hold, pool, HeldConnections.borrowed()));
                } else {
                    BORROWS.put(connection, new Borrow(hold, pool, HeldConnections.borrowed()));
                }
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
            return null;
        }
        return proxy == null ? null : BORROWS.remove(proxy);
    }

    public static void holdEnd(Object taken) {
        if (!(taken instanceof Borrow b)) {
            return;
        }
        try {
            HeldConnections.returned(b.held());
            ConnectionHoldEvent e = b.event();
            e.end();
            if (e.shouldCommit()) {
                readState(e, b.pool());
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** Reads the live pool's counts into the event; -1 for any the pool would not tell. */
    private static void readState(HikariPoolState e, Object livePool) {
        e.active = HikariPools.state(livePool, HikariPools.ACTIVE);
        e.idle = HikariPools.state(livePool, HikariPools.IDLE);
        e.waiting = HikariPools.state(livePool, HikariPools.WAITING);
        e.total = HikariPools.state(livePool, HikariPools.TOTAL);
    }

    /** The physical connection's identity: stable across borrows, unlike Hikari's per-borrow proxy. */
    static String idOf(Object physical) {
        return ConnectionIds.of(physical);
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
                readState(e, pool);
                e.max = HikariPools.maxSize(p.config().get());
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private record Borrow(ConnectionHoldEvent event, Object pool, AtomicInteger held) {
    }
}
