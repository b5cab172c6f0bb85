package dev.poolscope.agent.http;

import dev.poolscope.agent.HookSwitch;
import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.hikari.HeldConnections;
import dev.poolscope.agent.netty.NettyHooks;
import dev.poolscope.agent.threads.ThreadTracker;
import dev.poolscope.format.event.HttpCallEvent;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import jdk.jfr.FlightRecorder;

/**
 * What every HTTP client's advice calls, with plain types only: one {@link HttpCallEvent} per call the caller made.
 *
 * <p>
 * Blocking calls nest on their thread (RestClient over the JDK's HttpClient: {@code exchangeInternal}, then
 * {@code ClientHttpRequest.execute()}, then {@code HttpClient.send}); only the outermost is recorded, because it is
 * what the caller waited for: the inner transport call may return at the headers while the outer one reads and
 * converts the body. The inner levels tell the outer one what it cannot see itself (the status, the URI, the first
 * exception). An asynchronous call begun while a blocking one is open on the thread is part of that one.
 */
public final class HttpCalls {
    /** What a nested level's {@link #enter} returns: it reports to the outermost call and records nothing itself. */
    private static final Object NESTED = new Object();
    private static final ThreadLocal<Frame> FRAME = ThreadLocal.withInitial(Frame::new);

    private HttpCalls() {
    }

    /** A blocking call begins on this thread. Returns the token {@link #exit} needs, or null when not recording. */
    public static Object enter(String client) {
        if (!HookSwitch.on()) {
            return null;
        }
        Frame f = FRAME.get();
        if (f.depth++ > 0) {
            return NESTED;
        }
        try {
            HttpCallEvent e = new HttpCallEvent();
            e.client = client;
            e.blocking = true;
            e.connectionsHeld = HeldConnections.ofCurrentThread();
            e.begin();
            f.event = e;
            return e;
        } catch (Throwable t) {
            Suppressed.record(t);
            return NESTED;
        }
    }

    /**
     * The blocking call that {@code call} began has returned or thrown. {@code target}, {@code method} and
     * {@code status} are what this level knows (null, null, -1 when nothing).
     */
    public static void exit(Object call, String target, String method, int status, Throwable thrown) {
        if (call == null) {
            return;
        }
        Frame f = FRAME.get();
        try {
            if (call != f.event) {
                // A nested level, or the outermost whose event could not be made: it reports what it saw.
                if (--f.depth <= 0) {
                    f.clear();
                    return;
                }
                f.offer(target, method, status, thrown);
                return;
            }
            HttpCallEvent e = f.event;
            f.offer(target, method, status, thrown);
            e.end();
            if (e.shouldCommit() && f.target != null) {
                e.target = f.target;
                e.method = f.method == null ? "" : f.method;
                e.status = f.status;
                e.failed = thrown != null;
                e.error = thrown == null ? "" : errorName(f.error);
                e.callerThreadId = Thread.currentThread().threadId();
                e.requestId = "";
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        } finally {
            if (call == f.event) {
                f.clear();
            }
        }
    }

    /**
     * An asynchronous call begins: it is sent now and completes on another thread. Null when not recording, or when a
     * blocking call is open on this thread (that one is the caller's wait, and is recorded).
     *
     * @param contextRequest the value under {@link NettyHooks#CONTEXT_KEY} in the caller's Reactor Context, or null
     */
    public static Object beginAsync(String client, Object contextRequest) {
        if (!HookSwitch.on() || FRAME.get().depth > 0) {
            return null;
        }
        try {
            HttpCallEvent e = new HttpCallEvent();
            e.client = client;
            e.blocking = false;
            e.connectionsHeld = HeldConnections.ofCurrentThread();
            e.callerThreadId = Thread.currentThread().threadId();
            e.begin();
            return new Async(e, contextRequest);
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    /** The asynchronous call {@code call} completed (on this thread). */
    public static void endAsync(Object call, String target, String method, int status, Throwable failure) {
        if (!(call instanceof Async a)) {
            return;
        }
        try {
            if (HookSwitch.on()) {
                ThreadTracker.trackCurrent();
            }
            HttpCallEvent e = a.event;
            e.end();
            if (e.shouldCommit() && target != null) {
                e.target = target;
                e.method = method == null ? "" : method;
                e.status = status;
                e.failed = failure != null;
                e.error = failure == null ? "" : errorName(failure);
                e.requestId = NettyHooks.requestIdOf(a.contextRequest);
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** The exception's class name without its package (nested: {@code Outer$Inner}), unwrapped from the futures' wrappers; bounded like every name. */
    static String errorName(Throwable t) {
        Throwable x = t;
        while ((x instanceof CompletionException || x instanceof ExecutionException)
                && x.getCause() != null) {
            x = x.getCause();
        }
        if (x == null) {
            return "";
        }
        String name = x.getClass().getName();
        name = name.substring(name.lastIndexOf('.') + 1);
        return name.length() > HttpTarget.MAX_LENGTH ? name.substring(0, HttpTarget.MAX_LENGTH) : name;
    }

    /** How many blocking calls are open on this thread (tests). */
    static int depth() {
        return FRAME.get().depth;
    }

    public static void register() {
        FlightRecorder.register(HttpCallEvent.class);
    }

    @SuppressWarnings("unchecked")
    public static Class<? extends jdk.jfr.Event>[] eventTypes() {
        return new Class[]{HttpCallEvent.class};
    }

    /** The blocking calls open on one thread, and what their levels found out so far. */
    private static final class Frame {
        int depth;
        HttpCallEvent event;
        String target;
        String method;
        int status = HttpCallEvent.NO_STATUS;
        Throwable error;

        /** The outer level's own knowledge wins for target and method (exits run inside out), the first for the rest. */
        void offer(String t, String m, int s, Throwable thrown) {
            if (t != null) {
                target = t;
            }
            if (m != null) {
                method = m;
            }
            if (status < 0 && s >= 0) {
                status = s;
            }
            if (error == null && thrown != null) {
                error = thrown;
            }
        }

        void clear() {
            depth = 0;
            event = null;
            target = null;
            method = null;
            status = HttpCallEvent.NO_STATUS;
            error = null;
        }
    }

    private record Async(HttpCallEvent event, Object contextRequest) {
    }
}
