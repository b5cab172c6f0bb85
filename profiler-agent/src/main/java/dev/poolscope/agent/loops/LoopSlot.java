package dev.poolscope.agent.loops;

import dev.poolscope.format.event.LoopStallEvent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;

/**
 * One event-loop thread's current task, shared with the watchdog. The task's start (0 between tasks) is its
 * identity: the watchdog tags a stack with the start it saw, so a stack taken just after a task ended is never
 * given to the next one. Release/acquire ordering keeps that exact without a full fence per task.
 */
final class LoopSlot {
    private static final VarHandle START;
    private static final VarHandle STACK_FOR;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            START = l.findVarHandle(LoopSlot.class, "startNanos", long.class);
            STACK_FOR = l.findVarHandle(LoopSlot.class, "stackForNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final WeakReference<Thread> thread;
    // Loop thread only.
    int depth;
    String kind;
    // Whether async-profiler's wall filter has this loop: added once, on its first task after the profiler started.
    boolean wallSampled;
    LoopStallEvent event = new LoopStallEvent();
    // Written by the loop thread, read by the watchdog.
    private long startNanos;
    // Written by the watchdog (stack and stackAfterNanos before stackForNanos), read by the loop thread.
    String stack;
    long stackAfterNanos;
    private long stackForNanos;

    LoopSlot(Thread thread) {
        this.thread = new WeakReference<>(thread);
    }

    void start(long nanos) {
        START.setRelease(this, nanos);
    }

    long start() {
        return (long) START.getAcquire(this);
    }

    void stackTaken(String frames, long afterNanos, long forStart) {
        stack = frames;
        stackAfterNanos = afterNanos;
        STACK_FOR.setRelease(this, forStart);
    }

    /** The stack the watchdog took during the task that started at {@code start}, or null. */
    String stackFor(long start) {
        return (long) STACK_FOR.getAcquire(this) == start ? stack : null;
    }
}
