package dev.poolscope.analysis.rules.lock;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/** Monitor enters and parks outside the connection pool and Lettuce, on request threads. */
public final class LockContentionRule implements Rule {
    static final Threshold LOCK_SHARE = new Threshold("lock wait share of server time", 5, 20, Unit.PERCENT);

    @Override
    public String id() {
        return "lock-contention";
    }

    @Override
    public List<String> requires() {
        return List.of(RequestEvent.NAME, JdkTypes.JAVA_MONITOR_ENTER, JdkTypes.THREAD_PARK);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(LOCK_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        if (!Facts.hasRequests(run)) {
            return notEnoughData("no " + RequestEvent.NAME + " events");
        }
        double share = Facts.sharePct(run, Cause.LOCK_WAIT);
        double mean = Facts.meanMs(run, Cause.LOCK_WAIT);
        List<Evidence> ev = new java.util.ArrayList<>(
                List.of(new Evidence("lock wait share of server time", share, Unit.PERCENT),
                        new Evidence("mean lock wait per request", mean, Unit.MILLISECONDS)));
        // Waits below the JDK events' thresholds count too (a serial section costs its summed waits however
        // short each one is); they are named from wall samples, so say how much of the figure is an estimate.
        long sampled = run.serverTotal().sampledNanos(Cause.LOCK_WAIT);
        if (sampled > 0) {
            ev.add(new Evidence("of which short waits named from wall samples (estimate)",
                    sampled / 1e6 / run.requests().size(), Unit.MILLISECONDS));
        }
        int score = LOCK_SHARE.score(share);
        return result(score, score < 25 ? "ok" : "found", ev, num(share), num(mean),
                run.locks().isEmpty() ? "?" : run.locks().getFirst().className());
    }

    @Override
    public List<Link> explains(RunModel run) {
        return List.of(new Link(id(), "backlog-queueing", Facts.sharePct(run, Cause.LOCK_WAIT) / 100));
    }

    @Override
    public String headline(RunModel run) {
        return shortText(num(Facts.meanMs(run, Cause.LOCK_WAIT)),
                run.locks().isEmpty() ? "?" : run.locks().getFirst().className());
    }
}
