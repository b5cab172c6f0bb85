package dev.poolscope.analysis.rules.pool;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.ConnectionWaitEvent;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * The database (or the way to it) failed: getConnection threw while the pool had room for more connections. A
 * starved pool fails only with every connection out; with room, the pool tried to make a connection and could
 * not. The wait of those calls is the pool wait it explains.
 */
public final class DatabaseUnreachableRule implements Rule {
    /** Share of getConnection calls that failed with room in the pool: any steady share is an outage. */
    static final Threshold FAILED_SHARE = new Threshold("getConnection calls failing with room in the pool",
            0.5,
            2, Unit.PERCENT);

    @Override
    public String id() {
        return "database-unreachable";
    }

    @Override
    public List<String> requires() {
        return List.of(ConnectionWaitEvent.NAME, RunFolder.METADATA_PATH + " pool size");
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(FAILED_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        long calls = run.pools().connectionWait().count();
        if (!Facts.hasRequests(run) || calls == 0) {
            return notEnoughData("no " + ConnectionWaitEvent.NAME + " events");
        }
        long failed = run.pools().failuresWithRoom();
        double share = 100.0 * failed / calls;
        long errors = run.overAllRequests(run.requests().stream().filter(RequestTimeline::error).count());
        List<Evidence> ev = List.of(
                new Evidence("getConnection calls failing with room in the pool", share, Unit.PERCENT),
                new Evidence("getConnection failures with room", failed, Unit.COUNT),
                new Evidence("mean wait of those calls",
                        failed == 0
                                ? 0
                                : run.pools().failuresWithRoomWaitNanos()
                                        / 1e6 / failed,
                        Unit.MILLISECONDS),
                new Evidence("requests that failed on the server", errors, Unit.COUNT));
        int score = FAILED_SHARE.score(share);
        if (score < 25) {
            return result(score, "ok", ev, failed);
        }
        return result(score, "found", ev, failed, num(share), num(failed == 0
                ? 0
                : run.pools().failuresWithRoomWaitNanos() / 1e6 / failed), errors);
    }

    @Override
    public List<Link> explains(RunModel run) {
        long wait = run.serverTotal().nanos(Cause.CONNECTION_WAIT);
        double share = wait == 0 ? 0 : Math.min(1, (double) run.pools().failuresWithRoomWaitNanos() / wait);
        return List.of(new Link(id(), "pool-starvation", share));
    }

    @Override
    public String headline(RunModel run) {
        return shortText(run.pools().failuresWithRoom());
    }
}
