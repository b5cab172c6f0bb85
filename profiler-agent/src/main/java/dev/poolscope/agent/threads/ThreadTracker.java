package dev.poolscope.agent.threads;

import dev.poolscope.agent.Suppressed;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The platform threads worth sampling for scheduler statistics: the ones that served a request or completed
 * a Redis command, and the carriers of the virtual threads that served requests. A thread learns its Linux tid once,
 * on first use; afterwards tracking costs one ThreadLocal read. A virtual thread has no tid of its own, but while it
 * runs, {@code /proc/thread-self} is its carrier's: a carrier waiting for a CPU holds up every virtual thread queued on
 * it, so the carriers are found that way, by at most one probe per {@link #CARRIER_PROBE_NANOS} across all virtual
 * threads (a request per virtual thread would otherwise be a readlink each).
 */
public final class ThreadTracker {
    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    private static final boolean PROC_AVAILABLE = Files.isSymbolicLink(THREAD_SELF);
    private static final ThreadLocal<Boolean> SEEN = new ThreadLocal<>();
    private static final ConcurrentHashMap<Long, TrackedThread> TRACKED = new ConcurrentHashMap<>();
    /** Carriers are found within a second or so of load: one probe lands on a random carrier. */
    static final long CARRIER_PROBE_NANOS = 20_000_000L;
    /** Carriers beyond this many (compensation for pinned or blocked ones can add some) are not tracked. */
    static final int MAX_CARRIERS = 256;
    private static final AtomicLong NEXT_CARRIER_PROBE = new AtomicLong(System.nanoTime());
    private static final AtomicLong CARRIERS = new AtomicLong();

    private ThreadTracker() {
    }

    public static void trackCurrent() {
        Thread t = Thread.currentThread();
        if (!PROC_AVAILABLE) {
            return;
        }
        if (t.isVirtual()) {
            // No ThreadLocal here: a virtual thread per request would carry a map each.
            probeCarrier();
            return;
        }
        if (SEEN.get() != null) {
            return;
        }
        SEEN.set(Boolean.TRUE);
        try {
            long tid = currentTid();
            if (tid > 0) {
                TRACKED.put(tid, new TrackedThread(new WeakReference<>(t), tid, t.threadId(), null));
            }
        } catch (IOException | RuntimeException e) {
            Suppressed.record(e);
        }
    }

    /** On a virtual thread: the carrier it runs on, when no probe ran in the last {@link #CARRIER_PROBE_NANOS}. */
    private static void probeCarrier() {
        long now = System.nanoTime();
        long due = NEXT_CARRIER_PROBE.get();
        if (now - due < 0 || !NEXT_CARRIER_PROBE.compareAndSet(due, now + CARRIER_PROBE_NANOS)) {
            return;
        }
        try {
            long tid = currentTid();
            if (tid <= 0 || TRACKED.containsKey(tid) || CARRIERS.get() >= MAX_CARRIERS) {
                return;
            }
            // The kernel's name of the thread (at most 15 characters, "ForkJoinPool-1-" for the default scheduler's).
            String name = Files.readString(Path.of("/proc/self/task/" + tid + "/comm")).strip();
            if (TRACKED.putIfAbsent(tid, new TrackedThread(null, tid, 0, name)) == null) {
                CARRIERS.incrementAndGet();
            }
        } catch (IOException | RuntimeException e) {
            Suppressed.record(e);
        }
    }

    /** The calling platform thread's tid; on a virtual thread, its carrier's. */
    private static long currentTid() throws IOException {
        return tidOf(Files.readSymbolicLink(THREAD_SELF).toString());
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

    /** The live tracked threads; dead ones are dropped on the way (a carrier when its counters can't be read). */
    static Collection<TrackedThread> live() {
        TRACKED.values().removeIf(tt -> {
            if (tt.carrier()) {
                return false;
            }
            Thread t = tt.thread().get();
            return t == null || !t.isAlive();
        });
        return TRACKED.values();
    }

    /** A carrier that ended: its task is gone from /proc. */
    static void carrierGone(long tid) {
        TrackedThread tt = TRACKED.get(tid);
        if (tt != null && tt.carrier() && TRACKED.remove(tid, tt)) {
            CARRIERS.decrementAndGet();
        }
    }

    public static int trackedCount() {
        return TRACKED.size();
    }

    /**
     * {@code carrierName} is set for a carrier of virtual threads (its kernel name), whose {@code thread} is null and
     * {@code javaThreadId} 0.
     */
    record TrackedThread(WeakReference<Thread> thread, long tid, long javaThreadId, String carrierName) {
        boolean carrier() {
            return carrierName != null;
        }
    }
}
