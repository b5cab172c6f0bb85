package dev.poolscope.agent;

import one.profiler.AsyncProfiler;

/**
 * async-profiler's thread filter, for {@code wallThreads=requests}: its wall sampler then visits only the threads
 * added here, a servlet worker while it serves a request and an event loop for good, instead of every thread
 * in the JVM each interval (the filter does not touch the cpu sampler). Off until {@link AsyncProfilerControl}
 * started the profiler with the filter: until then every call is one volatile read.
 */
public final class WallFilter {
    private static volatile AsyncProfiler profiler;

    private WallFilter() {
    }

    static void enable(AsyncProfiler p) {
        profiler = p;
    }

    static void disable() {
        profiler = null;
    }

    public static boolean on() {
        return profiler != null;
    }

    /**
     * The current thread from now on, until {@link #removeCurrent}. A virtual thread's carrier is added and
     * never removed: the virtual thread may end its request on another carrier, and carriers are few.
     */
    public static void addCurrent() {
        AsyncProfiler p = profiler;
        if (p == null) {
            return;
        }
        try {
            p.addThread(null);
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    public static void removeCurrent() {
        AsyncProfiler p = profiler;
        if (p == null || Thread.currentThread().isVirtual()) {
            return;
        }
        try {
            p.removeThread(null);
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }
}
