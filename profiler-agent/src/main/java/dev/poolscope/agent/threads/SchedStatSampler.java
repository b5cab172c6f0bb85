package dev.poolscope.agent.threads;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.format.event.ThreadSchedStatEvent;

import jdk.jfr.FlightRecorder;

/**
 * Emits one {@code poolscope.ThreadSchedStat} per tracked thread (and carrier of virtual threads) each period, from
 * JFR's periodic thread.
 */
public final class SchedStatSampler {
    private static final ProcTaskStats STATS = new ProcTaskStats();
    private static final long[] VALUES = new long[5];

    private SchedStatSampler() {
    }

    public static void register() {
        FlightRecorder.register(ThreadSchedStatEvent.class);
        FlightRecorder.addPeriodicEvent(ThreadSchedStatEvent.class, SchedStatSampler::sample);
    }

    public static Class<? extends jdk.jfr.Event> eventType() {
        return ThreadSchedStatEvent.class;
    }

    private static void sample() {
        try {
            // JFR runs periodic hooks one at a time, so the shared buffer is safe.
            for (ThreadTracker.TrackedThread tt : ThreadTracker.live()) {
                Thread t = tt.carrier() ? null : tt.thread().get();
                if (!tt.carrier() && t == null) {
                    continue;
                }
                if (!STATS.read(tt.tid(), VALUES)) {
                    if (tt.carrier()) {
                        ThreadTracker.carrierGone(tt.tid());
                    }
                    continue;
                }
                ThreadSchedStatEvent e = new ThreadSchedStatEvent();
                e.osThreadId = tt.tid();
                e.javaThreadId = tt.javaThreadId();
                e.threadName = tt.carrier() ? tt.carrierName() : t.getName();
                e.carrier = tt.carrier();
                e.cpuNanos = VALUES[ProcTaskStats.CPU];
                e.runDelayNanos = VALUES[ProcTaskStats.RUN_DELAY];
                e.timeslices = VALUES[ProcTaskStats.TIMESLICES];
                e.voluntarySwitches = VALUES[ProcTaskStats.VOLUNTARY];
                e.involuntarySwitches = VALUES[ProcTaskStats.INVOLUNTARY];
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }
}
