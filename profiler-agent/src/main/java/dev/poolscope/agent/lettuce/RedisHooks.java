package dev.poolscope.agent.lettuce;

import dev.poolscope.agent.HookSwitch;
import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.WeakIdentityMap;
import dev.poolscope.agent.netty.NettyHooks;
import dev.poolscope.agent.threads.ThreadTracker;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RedisWaitEvent;

import jdk.jfr.FlightRecorder;

/** What the Lettuce advice calls, with plain types only. */
public final class RedisHooks {
    private static final Object NESTED = new Object();
    private static final ThreadLocal<int[]> WAIT_DEPTH = ThreadLocal.withInitial(() -> new int[1]);
    /** Round trips of commands whose class was loaded before the agent attached (no {@link CommandStamp}). */
    private static final WeakIdentityMap<RedisRoundTripEvent> TRIPS = new WeakIdentityMap<>();
    /** Only AsyncCommand carries a stamp when loaded after the agent; the same commands are tracked when not. */
    private static final ClassValue<Boolean> ASYNC_COMMAND = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                if (c.getName().equals("io.lettuce.core.protocol.AsyncCommand")) {
                    return true;
                }
            }
            return false;
        }
    };

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
        if (!HookSwitch.on()) {
            return;
        }
        try {
            if (command instanceof CommandStamp stamp) {
                Object before = stamp.poolscope$trip();
                if (before != null && !(before instanceof Subscribed)) {
                    return;
                }
                RedisRoundTripEvent e = trip();
                stamp.poolscope$trip(before == null ? e : new Trip(e, ((Subscribed) before).request()));
            } else if (command != null && ASYNC_COMMAND.get(command.getClass())) {
                TRIPS.putIfAbsent(command, trip());
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private static RedisRoundTripEvent trip() {
        RedisRoundTripEvent e = new RedisRoundTripEvent();
        e.callerThreadId = Thread.currentThread().threadId();
        e.begin();
        return e;
    }

    public static void completed(Object command, Object type, boolean success) {
        try {
            if (HookSwitch.on()) {
                ThreadTracker.trackCurrent();
            }
            Object trip;
            Object request = null;
            if (command instanceof CommandStamp stamp) {
                trip = stamp.poolscope$trip();
                if (trip instanceof Trip t) {
                    trip = t.event();
                    request = t.request();
                }
                if (!(trip instanceof RedisRoundTripEvent)) {
                    return;
                }
                // Take it once: complete and cancel can both arrive.
                stamp.poolscope$trip(Boolean.TRUE);
            } else {
                trip = command == null ? null : TRIPS.remove(command);
            }
            if (!(trip instanceof RedisRoundTripEvent e)) {
                return;
            }
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
        if (!HookSwitch.on()) {
            return null;
        }
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
