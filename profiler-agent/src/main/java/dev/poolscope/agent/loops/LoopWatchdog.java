package dev.poolscope.agent.loops;

import dev.poolscope.agent.Suppressed;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Looks at every event loop each {@code loopStall}/2 and, when one has been in the same task for
 * {@code loopStall}, takes that loop thread's stack while it is still stuck: the frame that blocks, not the end of
 * the task. Started with the first loop seen, so a host without Netty never has this thread.
 */
final class LoopWatchdog implements Runnable {
    static final int MAX_FRAMES = 64;
    private static final CopyOnWriteArrayList<LoopSlot> SLOTS = new CopyOnWriteArrayList<>();
    private static volatile Thread thread;

    private LoopWatchdog() {
    }

    static void watch(LoopSlot slot) {
        SLOTS.add(slot);
        if (thread == null) {
            startOnce();
        }
    }

    private static synchronized void startOnce() {
        if (thread != null) {
            return;
        }
        Thread t = new Thread(new LoopWatchdog(), "poolscope-loop-watchdog");
        t.setDaemon(true);
        t.start();
        thread = t;
    }

    @Override
    public void run() {
        long threshold = LoopHooks.thresholdNanos();
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(1), threshold / 2);
        long nextSweep = System.nanoTime();
        while (!Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(period);
            try {
                long now = System.nanoTime();
                for (LoopSlot s : SLOTS) {
                    long start = s.start();
                    if (start != 0 && now - start >= threshold && s.stackFor(start) == null) {
                        take(s, start);
                    }
                }
                if (now - nextSweep >= 0) {
                    nextSweep = now + TimeUnit.SECONDS.toNanos(5);
                    SLOTS.removeIf(s -> {
                        Thread t = s.thread.get();
                        return t == null || !t.isAlive();
                    });
                }
            } catch (Throwable t) {
                // A loop that never dies: count and carry on.
                Suppressed.record(t);
            }
        }
    }

    private static void take(LoopSlot s, long start) {
        Thread t = s.thread.get();
        if (t == null) {
            return;
        }
        StackTraceElement[] frames = t.getStackTrace();
        long after = System.nanoTime() - start;
        // The task may have ended while the stack was taken: then it belongs to nobody.
        if (s.start() == start) {
            s.stackTaken(format(frames), after, start);
        }
    }

    static String format(StackTraceElement[] frames) {
        StringBuilder b = new StringBuilder(frames.length * 80);
        int n = Math.min(frames.length, MAX_FRAMES);
        for (int i = 0; i < n; i++) {
            StackTraceElement f = frames[i];
            if (i > 0) {
                b.append('\n');
            }
            b.append(f.getClassName()).append('.').append(f.getMethodName()).append('(');
            if (f.isNativeMethod()) {
                b.append("Native Method");
            } else if (f.getFileName() == null) {
                b.append("Unknown Source");
            } else {
                b.append(f.getFileName());
                if (f.getLineNumber() >= 0) {
                    b.append(':').append(f.getLineNumber());
                }
            }
            b.append(')');
        }
        return b.toString();
    }
}
