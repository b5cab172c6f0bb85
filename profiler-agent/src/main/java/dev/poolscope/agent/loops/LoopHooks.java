package dev.poolscope.agent.loops;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.WallFilter;
import dev.poolscope.agent.threads.ThreadTracker;
import dev.poolscope.format.event.LoopStallEvent;

import java.time.Duration;

import jdk.jfr.FlightRecorder;

/**
 * What the event-loop advice calls: times each outermost unit of loop work and commits a
 * {@code poolscope.LoopStall} when one ran {@code loopStall} or longer. Per task: a ThreadLocal read, two clock reads
 * and two ordered stores; the stack comes from {@link LoopWatchdog}, never from the loop itself.
 */
public final class LoopHooks {
    public static final String IO = LoopStallEvent.KIND_IO, TASK = LoopStallEvent.KIND_TASK;
    private static final Object NESTED = new Object();
    private static final ThreadLocal<LoopSlot> SLOT = new ThreadLocal<>();
    private static volatile long thresholdNanos;

    private LoopHooks() {
    }

    /** Before the hooks are installed; zero turns them (and the watchdog) off. */
    public static void configure(Duration loopStall) {
        thresholdNanos = loopStall.toNanos();
    }

    public static boolean enabled() {
        return thresholdNanos > 0;
    }

    static long thresholdNanos() {
        return thresholdNanos;
    }

    public static Object enter(String kind) {
        try {
            LoopSlot s = SLOT.get();
            if (s == null) {
                s = firstTask();
            }
            if (s.depth++ > 0) {
                return NESTED;
            }
            if (!s.wallSampled && WallFilter.on()) {
                // A loop serves requests all the time: always sampled, never switched per task.
                WallFilter.addCurrent();
                s.wallSampled = true;
            }
            s.kind = kind;
            s.event.begin();
            s.start(System.nanoTime());
            return s;
        } catch (Throwable t) {
            Suppressed.record(t);
            return null;
        }
    }

    public static void exit(Object token) {
        if (token == null) {
            return;
        }
        try {
            LoopSlot s = SLOT.get();
            s.depth--;
            if (token != s) {
                return;
            }
            long start = s.start();
            s.start(0);
            long ran = System.nanoTime() - start;
            if (ran < thresholdNanos) {
                return;
            }
            LoopStallEvent e = s.event;
            // A committed event is not reused: the next task gets a fresh one.
            s.event = new LoopStallEvent();
            e.end();
            if (e.shouldCommit()) {
                String stack = s.stackFor(start);
                e.kind = s.kind;
                e.stack = stack == null ? "" : stack;
                e.stackAfterNanos = stack == null ? -1 : s.stackAfterNanos;
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private static LoopSlot firstTask() {
        Thread current = Thread.currentThread();
        LoopSlot s = new LoopSlot(current);
        SLOT.set(s);
        ThreadTracker.trackCurrent();
        LoopWatchdog.watch(s);
        return s;
    }

    public static void register() {
        FlightRecorder.register(LoopStallEvent.class);
    }

    public static Class<? extends jdk.jfr.Event> eventType() {
        return LoopStallEvent.class;
    }
}
