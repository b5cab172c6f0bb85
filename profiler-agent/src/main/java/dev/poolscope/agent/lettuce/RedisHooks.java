package dev.poolscope.agent.lettuce;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.netty.NettyHooks;
import dev.poolscope.agent.threads.ThreadTracker;

import jdk.jfr.FlightRecorder;

/** What the Lettuce advice calls, with plain types only. */
public final class RedisHooks {
    private static final Object NESTED = new Object();
    private static final ThreadLocal<int[]> WAIT_DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    private RedisHooks() {
    }

    /**
     * A reactive command was subscribed inside a request's chain: the request rides on the command until its
     * dispatch, which happens later (on demand).
     */
    public static void subscribed(Object command, Object contextRequest) {
        try {
            if (contextRequest != null && command instanceof CommandStamp stamp
                    && stamp.poolscope$trip() == null) {
                stamp.poolscope$trip(new Subscribed(contextRequest));
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static void dispatched(Object command) {
        try {
            if (command instanceof CommandStamp stamp) {
                Object before = stamp.poolscope$trip();
                if (before != null && !(before instanceof Subscribed)) {
                    return;
                }
                RedisRoundTripEvent e = new RedisRoundTripEvent();
                e.callerThreadId = Thread.currentThread().threadId();
                e.begin();
                stamp.poolscope$trip(before == null ? e : new Trip(e, ((Subscribed) before).request()));
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static void completed(Object command, Object type, boolean success) {
        try {
            ThreadTracker.trackCurrent();
            if (!(command instanceof CommandStamp stamp)) {
                return;
            }
            Object trip = stamp.poolscope$trip();
            Object request = null;
            if (trip instanceof Trip t) {
                trip = t.event();
                request = t.request();
            }
            if (!(trip instanceof RedisRoundTripEvent e)) {
                return;
            }
            // Take it once: complete and cancel can both arrive.
            stamp.poolscope$trip(Boolean.TRUE);
            e.end();
            if (e.shouldCommit()) {
                e.command = nameOf(type);
                e.success = success;
                e.requestId = NettyHooks.requestIdOf(request);
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static Object waitBegin() {
        int[] depth = WAIT_DEPTH.get();
        if (depth[0]++ > 0) {
            return NESTED;
        }
        RedisWaitEvent e = new RedisWaitEvent();
        e.begin();
        return e;
    }

    public static void waitEnd(Object wait, Object type, boolean success) {
        if (wait == null) {
            return;
        }
        WAIT_DEPTH.get()[0]--;
        if (wait instanceof RedisWaitEvent e) {
            e.end();
            if (e.shouldCommit()) {
                e.command = nameOf(type);
                e.success = success;
                e.commit();
            }
        }
    }

    /** Lettuce's command types are enums; their names are constants, so this does not allocate. */
    static String nameOf(Object type) {
        if (type == null) {
            return "";
        }
        return type instanceof Enum<?> e ? e.name() : type.toString();
    }

    public static void register() {
        FlightRecorder.register(RedisWaitEvent.class);
        FlightRecorder.register(RedisRoundTripEvent.class);
    }

    @SuppressWarnings("unchecked")
    public static Class<? extends jdk.jfr.Event>[] eventTypes() {
        return new Class[]{RedisWaitEvent.class, RedisRoundTripEvent.class};
    }

    /** A reactive command's request, before dispatch. */
    private record Subscribed(Object request) {
    }

    /** A reactive command in flight, with its request. */
    private record Trip(RedisRoundTripEvent event, Object request) {
    }
}
