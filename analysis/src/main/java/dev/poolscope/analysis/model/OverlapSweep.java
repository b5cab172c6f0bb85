package dev.poolscope.analysis.model;

/**
 * Measures {@link Overlaps} request by request as attribution goes: for each request, its thread's intervals inside
 * it (in start order) against the merged pauses, and its holds against the split the {@link Attributor} just made of
 * it. Nothing is kept per request: a few sums.
 */
final class OverlapSweep {
    private final RunData data;
    private final PauseCover pauses;
    private final double[] inHold = new double[Cause.ALL.length];
    private long lockWait;
    private long lockWaitPaused;
    private long lockWaitOwned;
    private long ownerRunDelay;
    private long poolWait;
    private long poolWaitPaused;
    private long hold;
    private long holdPaused;
    private long redisWait;
    private long redisWaitPaused;

    OverlapSweep(RunData data) {
        this.data = data;
        this.pauses = new PauseCover(data.pauses);
    }

    /** The request [from, to) on {@code threadId}, just attributed by {@code attributor}. */
    void request(long threadId, long from, long to, Attributor attributor) {
        ThreadSpans spans = data.spans.get(threadId);
        if (spans == null) {
            return;
        }
        spans.overlapping(from, to, i -> {
            long s = Math.max(from, spans.start(i));
            long e = Math.min(to, spans.end(i));
            if (e <= s) {
                return;
            }
            switch (spans.kind(i)) {
                case LOCK -> {
                    lockWait += e - s;
                    lockWaitPaused += spans.pauseProof(i) ? 0 : pauses.covered(s, e);
                    long owner = spans.owner(i);
                    SchedSeries held = owner < 0 ? null : data.sched.get(owner);
                    if (held != null && held.usable() && owner != threadId) {
                        lockWaitOwned += e - s;
                        ownerRunDelay += Math.min(e - s, Math.max(0, held.runDelayBetween(s, e)));
                    }
                }
                case CONNECTION_WAIT -> {
                    poolWait += e - s;
                    poolWaitPaused += spans.pauseProof(i) ? 0 : pauses.covered(s, e);
                }
                case REDIS_WAIT -> {
                    redisWait += e - s;
                    redisWaitPaused += pauses.covered(s, e);
                }
                case CONNECTION_HOLD -> {
                    hold += e - s;
                    holdPaused += pauses.covered(s, e);
                    attributor.within(s, e, inHold);
                }
                default -> {
                }
            }
        });
    }

    /** Nanoseconds of [from, to) the world stood still. */
    long paused(long from, long to) {
        return pauses.covered(from, to);
    }

    Overlaps result() {
        double independent = 0;
        for (Cause c : Cause.INDEPENDENT) {
            independent += inHold[c.ordinal()];
        }
        return new Overlaps(lockWait, lockWaitPaused, lockWaitOwned, ownerRunDelay, poolWait, poolWaitPaused,
                hold,
                holdPaused, Math.round(inHold[Cause.RUN_DELAY.ordinal()]), redisWait, redisWaitPaused,
                Math.round(independent));
    }
}
