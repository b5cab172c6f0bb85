package dev.poolscope.analysis.rules.gc;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.Overlaps;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * What stop-the-world pauses cost the requests: the share of the measured requests' server time that stood still in
 * a pause (the time split's {@code gc_pause}). A pause while no request ran, or inside a sleep that was not yet due,
 * delayed nobody, so the pauses' share of the run's wall clock is evidence, and the measure only for a run without
 * requests.
 */
public final class GcPressureRule implements Rule {
    public static final String ID = "gc-pressure";
    private static final double MB = 1024 * 1024;
    static final Threshold PAUSE_SHARE = new Threshold("GC pause share of server time", 2, 10, Unit.PERCENT);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<String> requires() {
        return List.of(JdkTypes.GARBAGE_COLLECTION, JdkTypes.GC_PHASE_PAUSE);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(PAUSE_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Without a recording there is no GC data; a recording with no GC at all is a valid answer (0).
        if (run.recording() == null || run.durationSeconds() <= 0) {
            return notEnoughData("no JDK recording");
        }
        double pauseMs = run.process().gcPauseNanos() / 1e6;
        double ofRun = 100 * pauseShareOfRun(run);
        boolean served = served(run);
        double share = served ? Facts.sharePct(run, Cause.GC_PAUSE) : ofRun;
        List<Evidence> ev = new ArrayList<>();
        if (served) {
            ev.add(new Evidence("GC pause share of server time", share, Unit.PERCENT));
            ev.add(new Evidence("GC pause per request", Facts.meanMs(run, Cause.GC_PAUSE),
                    Unit.MILLISECONDS));
        }
        ev.addAll(List.of(new Evidence("GC pause share of run time", ofRun, Unit.PERCENT),
                new Evidence("GC pauses total", pauseMs, Unit.MILLISECONDS),
                new Evidence("collections", run.process().gcCount(), Unit.COUNT)));
        // What the heap advice (HeapSizing) rests on, where the recording has it.
        RunModel.Memory mem = run.memory();
        if (!mem.collections().isEmpty()) {
            ev.add(new Evidence("full collections", HeapSizing.fullCollections(mem), Unit.COUNT));
        }
        if (mem.afterGcCount() > 0) {
            ev.add(new Evidence("heap after GC, lowest", mem.afterGcMinBytes() / MB, Unit.MEGABYTES));
        }
        if (mem.maxHeapBytes() > 0) {
            ev.add(new Evidence("maximum heap", mem.maxHeapBytes() / MB, Unit.MEGABYTES));
        }
        if (mem.allocationSamples() > 0) {
            ev.add(new Evidence("allocation rate", mem.allocatedBytes() / MB / run.durationSeconds(),
                    Unit.MEGABYTES_PER_SECOND));
        }
        int score = PAUSE_SHARE.score(share);
        String key = (served ? "" : "run.") + (score < 25 ? "ok" : "found");
        return result(score, key, ev, num(share), num(pauseMs), run.process().gcCount(), num(ofRun));
    }

    /** Whether there are measured requests timed on the server, whose share of time in pauses is the measure. */
    private static boolean served(RunModel run) {
        return !run.requests().isEmpty() && run.serverTotal().totalNanos() > 0;
    }

    /**
     * A stop-the-world pause stops every thread, the holder of a lock or a connection with the rest: it explains a wait
     * as far as the wait happened while the world stood still. So each link is measured where the two meet: the share
     * of the lock waits, pool waits, connection holds and Redis waits of the measured requests that overlapped a
     * pause. Where the run has no such interval to measure, and for the causes no interval stands for (run delay, a
     * full worker pool, the backlog), the link is the pauses' share of the run.
     */
    @Override
    public List<Link> explains(RunModel run) {
        double ofRun = pauseShareOfRun(run);
        Overlaps o = run.overlaps();
        return List.of(new Link(id(), "lock-contention", orElse(o.lockWaitPausedShare(), ofRun)),
                new Link(id(), "pool-starvation", orElse(o.poolWaitPausedShare(), ofRun)),
                new Link(id(), "connection-held", orElse(o.holdPausedShare(), ofRun)),
                new Link(id(), "redis-slow", orElse(o.redisWaitPausedShare(), ofRun)),
                new Link(id(), "cpu-oversubscription", ofRun), new Link(id(), "worker-pool-saturated", ofRun),
                new Link(id(), "backlog-queueing", ofRun));
    }

    private static double orElse(Double measured, double fallback) {
        return measured == null ? fallback : measured;
    }

    private static double pauseShareOfRun(RunModel run) {
        return run.durationSeconds() <= 0 ? 0 : run.process().gcPauseNanos() / 1e9 / run.durationSeconds();
    }

    @Override
    public String headline(RunModel run) {
        return served(run)
                ? shortText(num(Facts.sharePct(run, Cause.GC_PAUSE)))
                : Messages.format(id() + ".run.short", num(100 * pauseShareOfRun(run)));
    }
}
