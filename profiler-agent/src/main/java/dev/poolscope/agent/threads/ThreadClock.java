package dev.poolscope.agent.threads;

import dev.poolscope.agent.Suppressed;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One platform thread's own CPU time and run-queue delay, read at a span's start and end on that thread, so a
 * request's CPU and run delay are measured rather than apportioned from periodic samples.
 *
 * <p>
 * CPU comes from the thread CPU clock ({@code clock_gettime(CLOCK_THREAD_CPUTIME_ID)} behind
 * {@link ThreadMXBean#getCurrentThreadCpuTime}): schedstat's own CPU field lags the running thread by up to a
 * scheduler tick (1–2 ms seen here), as much as a short request's CPU. Run delay comes from field 2 of the
 * thread's own {@code /proc/thread-self/schedstat}: it only grows while the thread waits for a CPU, so read by
 * the running thread it is exact. The file stays open per thread (a seek and a read per call, no allocation);
 * open files are capped well below the process' descriptor limit and released when their thread is gone.
 * Not thread-safe: one instance per thread. Never throws.
 */
public final class ThreadClock {
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");
    private static final boolean PROC = Files.isReadable(SCHEDSTAT);
    private static final ThreadMXBean MX = threadMxBean();
    /** Descriptors this class may hold open at once: a small share of what the process may open. */
    private static final int MAX_OPEN = maxOpen();
    private static final AtomicInteger OPEN = new AtomicInteger();
    private static final ReferenceQueue<ThreadClock> GONE = new ReferenceQueue<>();
    private static final Set<Reference<ThreadClock>> HOLDING = ConcurrentHashMap.newKeySet();
    private static final ThreadClock UNAVAILABLE = new ThreadClock(false);

    private final boolean platform;
    private final byte[] buf = new byte[64];
    private RandomAccessFile schedstat;
    private boolean triedOpen;
    private long cpuAtStart = -1;
    private long runDelayAtStart = -1;
    private long cpuNanos = -1;
    private long runDelayNanos = -1;

    private ThreadClock(boolean platform) {
        this.platform = platform;
    }

    /** For the calling thread: a virtual thread has no CPU clock or task of its own, so it measures nothing. */
    public static ThreadClock ofCurrentThread() {
        return Thread.currentThread().isVirtual() ? UNAVAILABLE : new ThreadClock(true);
    }

    public void start() {
        if (!platform) {
            return;
        }
        cpuAtStart = cpuNow();
        runDelayAtStart = runDelayNow();
    }

    /** Ends the interval begun by {@link #start}; afterwards {@link #cpuNanos} and {@link #runDelayNanos}. */
    public void stop() {
        if (!platform) {
            return;
        }
        long cpu = cpuAtStart < 0 ? -1 : cpuNow();
        long runDelay = runDelayAtStart < 0 ? -1 : runDelayNow();
        cpuNanos = cpu < 0 ? -1 : Math.max(0, cpu - cpuAtStart);
        runDelayNanos = runDelay < 0 ? -1 : Math.max(0, runDelay - runDelayAtStart);
        cpuAtStart = -1;
        runDelayAtStart = -1;
    }

    /** CPU time between start and stop; -1 when unknown. */
    public long cpuNanos() {
        return cpuNanos;
    }

    /** Time runnable but waiting for a CPU between start and stop; -1 when unknown. */
    public long runDelayNanos() {
        return runDelayNanos;
    }

    private static long cpuNow() {
        try {
            return MX == null ? -1 : MX.getCurrentThreadCpuTime();
        } catch (Throwable t) {
            Suppressed.record(t);
            return -1;
        }
    }

    private long runDelayNow() {
        RandomAccessFile f = schedstat;
        if (f == null) {
            f = open();
            if (f == null) {
                return -1;
            }
        }
        try {
            f.seek(0);
            int n = f.read(buf, 0, buf.length);
            return parseRunDelay(buf, n);
        } catch (IOException e) {
            Suppressed.record(e);
            return -1;
        }
    }

    /**
     * Field 2 of {@code schedstat} ("cpu runDelay timeslices"); -1 when absent or when the kernel keeps no
     * scheduler statistics (it then prints zeros).
     */
    static long parseRunDelay(byte[] b, int n) {
        int pos = 0;
        long cpu = 0;
        int start = pos;
        while (pos < n && b[pos] >= '0' && b[pos] <= '9') {
            cpu = cpu * 10 + (b[pos++] - '0');
        }
        if (pos == start || cpu == 0) {
            return -1;
        }
        while (pos < n && b[pos] == ' ') {
            pos++;
        }
        long v = 0;
        start = pos;
        while (pos < n && b[pos] >= '0' && b[pos] <= '9') {
            v = v * 10 + (b[pos++] - '0');
        }
        return pos > start ? v : -1;
    }

    /** Opens this thread's schedstat once; null when unavailable or over the cap. */
    private RandomAccessFile open() {
        if (triedOpen || !PROC) {
            return null;
        }
        triedOpen = true;
        releaseGone();
        if (OPEN.incrementAndGet() > MAX_OPEN) {
            OPEN.decrementAndGet();
            return null;
        }
        try {
            // /proc/thread-self resolves at open time to the opening thread: the file stays this thread's.
            schedstat = new RandomAccessFile(SCHEDSTAT.toFile(), "r");
            HOLDING.add(new PhantomReference<>(this, GONE));
            return schedstat;
        } catch (IOException | RuntimeException e) {
            OPEN.decrementAndGet();
            Suppressed.record(e);
            return null;
        }
    }

    /**
     * Counts the files of threads that are gone as closed: the JDK's own cleaner closes a RandomAccessFile that
     * became unreachable.
     */
    private static void releaseGone() {
        Reference<? extends ThreadClock> r;
        while ((r = GONE.poll()) != null) {
            HOLDING.remove(r);
            OPEN.decrementAndGet();
        }
    }

    static int openFiles() {
        releaseGone();
        return OPEN.get();
    }

    private static ThreadMXBean threadMxBean() {
        try {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            return mx.isCurrentThreadCpuTimeSupported() && mx.isThreadCpuTimeEnabled() ? mx : null;
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    private static int maxOpen() {
        long limit = -1;
        try {
            if (ManagementFactory
                    .getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
                limit = unix.getMaxFileDescriptorCount();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
        return limit <= 0 ? 256 : (int) Math.min(4096, limit / 8);
    }
}
