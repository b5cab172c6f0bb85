package dev.poolscope.analysis.model;

/**
 * Where two causes met in time on the threads involved, summed over the measured requests (each on its own thread,
 * inside its own span): how much of the lock waits, pool waits, connection holds and Redis waits fell inside
 * stop-the-world pauses, how much of the holds their thread spent runnable but not running, and how much of the lock
 * waits the monitor's holder did. The cause chain's links are these shares, not shares of the whole run: a pause
 * explains a wait only as far as the wait happened while the world stood still.
 *
 * <p>
 * Raw wait intervals (a pause inside a lock wait counts in both figures; the time split gives it to the pause). A
 * lock wait's holder is the monitor's previous owner ({@code jdk.JavaMonitorEnter.previousOwner}: the thread whose
 * exit let the waiter in); its run delay over the wait is read from its schedstat series, interpolated between the
 * samples (about a second apart): an estimate at that grain. {@code holdIndependentNanos}: the part of the holds the time
 * split gave to waits that need no CPU ({@link Cause#INDEPENDENT}: the database, Redis, a sleep, ...), waits a thread
 * can only overlap with others while it has a connection.
 */
public record Overlaps(long lockWaitNanos, long lockWaitPausedNanos, long lockWaitWithOwnerNanos,
        long ownerRunDelayNanos, long poolWaitNanos, long poolWaitPausedNanos, long holdNanos,
        long holdPausedNanos, long holdRunDelayNanos, long redisWaitNanos, long redisWaitPausedNanos,
        long holdIndependentNanos) {

    public static final Overlaps NONE = new Overlaps(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Share (0–1) of lock waits during pauses; null without lock wait intervals. */
    public Double lockWaitPausedShare() {
        return share(lockWaitPausedNanos, lockWaitNanos);
    }

    /** Share (0–1) of the lock waits with a known holder during which the holder was runnable, not running. */
    public Double ownerRunDelayShare() {
        return share(ownerRunDelayNanos, lockWaitWithOwnerNanos);
    }

    public Double poolWaitPausedShare() {
        return share(poolWaitPausedNanos, poolWaitNanos);
    }

    public Double holdPausedShare() {
        return share(holdPausedNanos, holdNanos);
    }

    /** Share (0–1) of hold time the holding thread spent runnable but not scheduled. */
    public Double holdRunDelayShare() {
        return share(holdRunDelayNanos, holdNanos);
    }

    public Double redisWaitPausedShare() {
        return share(redisWaitPausedNanos, redisWaitNanos);
    }

    private static Double share(long part, long whole) {
        return whole <= 0 ? null : Math.min(1.0, (double) part / whole);
    }
}
