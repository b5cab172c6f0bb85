package dev.poolscope.agent.threads;

import dev.poolscope.agent.Suppressed;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The platform threads worth sampling for scheduler statistics: the ones that served a request or completed
 * a Redis command. A thread learns its Linux tid once, on first use; afterwards tracking costs one
 * ThreadLocal read.
 */
public final class ThreadTracker {
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final boolean PROC_AVAILABLE = Files.isSymbolicLink(THREAD_SELF);
    private static final ThreadLocal<Boolean> SEEN = new ThreadLocal<>();
    private static final ConcurrentHashMap<Long, TrackedThread> TRACKED = new ConcurrentHashMap<>();

    private ThreadTracker() {
    }

    public static void trackCurrent() {
        if (SEEN.get() != null) {
            return;
        }
        SEEN.set(Boolean.TRUE);
        Thread t = Thread.currentThread();
        // A virtual thread has no tid of its own: /proc would describe whichever carrier it runs on.
        if (!PROC_AVAILABLE || t.isVirtual()) {
            return;
        }
        try {
            long tid = tidOf(Files.readSymbolicLink(THREAD_SELF).toString());
            if (tid > 0) {
                TRACKED.put(tid, new TrackedThread(new WeakReference<>(t), tid, t.threadId()));
            }
        } catch (IOException | RuntimeException e) {
            Suppressed.record(e);
        }
    }

    /** {@code /proc/thread-self} links to {@code PID/task/TID}. */
    static long tidOf(String link) {
        int slash = link.lastIndexOf('/');
        try {
            return Long.parseLong(link.substring(slash + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The live tracked threads; dead ones are dropped on the way. */
    static Collection<TrackedThread> live() {
        TRACKED.values().removeIf(tt -> {
            Thread t = tt.thread().get();
            return t == null || !t.isAlive();
        });
        return TRACKED.values();
    }

    public static int trackedCount() {
        return TRACKED.size();
    }

    record TrackedThread(WeakReference<Thread> thread, long tid, long javaThreadId) {
    }
}
