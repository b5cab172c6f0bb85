package dev.poolscope.agent.request;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many requests a second read their thread's clock (the agent's {@code requestClock} option). The reads are
 * system calls that cost the host far more than their own time at high request rates (docs/lab/overhead.md: 46 µs more CPU
 * per request at ~2,800 requests a second on two cores), so past the budget a request is recorded without its own
 * CPU and run delay, which the analysis then takes from the thread's once-a-second schedstat samples.
 *
 * <p>
 * A rate with a second's burst (the generic cell rate algorithm): below the budget every request is clocked, however
 * bunched; above it, the clocked ones are those that start when a slot is free, which has nothing to do with what the
 * request does. One volatile read per request, and a compare-and-set (again when another request won the race) when
 * it takes a slot.
 */
public final class ClockBudget {
    /** Every request reads its clock. */
    public static final int ALL = -1;
    private static final long BURST_NANOS = 1_000_000_000L;
    private static final AtomicLong THEORETICAL_ARRIVAL = new AtomicLong(Long.MIN_VALUE);
    private static volatile long periodNanos = 0;
    private static volatile boolean all = true;
    private static volatile boolean none = false;

    private ClockBudget() {
    }

    /** {@link #ALL}, 0 for none, or the clocked requests a second. */
    public static void configure(int perSecond) {
        all = perSecond == ALL;
        none = perSecond == 0;
        periodNanos = perSecond > 0 ? 1_000_000_000L / perSecond : 0;
        THEORETICAL_ARRIVAL.set(Long.MIN_VALUE);
    }

    /** Whether a request starting at {@code nowNanos} ({@link System#nanoTime}) reads its clock. */
    static boolean take(long nowNanos) {
        if (all) {
            return true;
        }
        if (none) {
            return false;
        }
        // Each failed compare-and-set means another request took a slot: the loop ends when one is left or none.
        for (;;) {
            long tat = THEORETICAL_ARRIVAL.get();
            if (tat != Long.MIN_VALUE && nowNanos < tat - BURST_NANOS) {
                return false;
            }
            long next = (tat == Long.MIN_VALUE ? nowNanos : Math.max(tat, nowNanos)) + periodNanos;
            if (THEORETICAL_ARRIVAL.compareAndSet(tat, next)) {
                return true;
            }
        }
    }
}
