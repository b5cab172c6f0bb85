package dev.poolscope.analysis.rules.http;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;
import dev.poolscope.format.event.HttpCallEvent;

/**
 * A slow downstream: time the request threads waited for outbound HTTP calls (poolscope.HttpCall), named by the target
 * they waited for most. Judged where the wait costs something: in the callers' own server time, or inside connection
 * holds, where every second of a call keeps a pooled connection idle and the pool's queue multiplies it. The park or
 * socket read the client waits in is part of the call (the time split's {@code http_wait}), not a lock wait.
 */
public final class DownstreamSlowRule implements Rule {
    public static final String ID = "downstream-slow";
    static final Threshold HTTP_SHARE = new Threshold("outbound HTTP wait share of server time", 10, 30,
            Unit.PERCENT);
    /** As connection-held's limit on the non-database share of hold time: the same cost, named by its target. */
    static final Threshold HOLD_SHARE = new Threshold("outbound HTTP share of connection hold time", 10, 30,
            Unit.PERCENT);
    /**
     * Below 5 ms per request the calls cost what a call inside one network costs (a reused connection, a round trip,
     * a fast handler), however large a share of a short request that is; at 50 ms they take as long as a whole request
     * of a typical web service.
     */
    static final Threshold HTTP_PER_REQUEST = new Threshold("mean outbound HTTP wait per request", 5, 50,
            Unit.MILLISECONDS);
    /** At least half of the calls' time inside holds: the holds are where the calls cost. */
    static final double MOSTLY = 0.5;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<String> requires() {
        return List.of(HttpCallEvent.NAME);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(HTTP_SHARE, HOLD_SHARE, HTTP_PER_REQUEST);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Did the app call anything over HTTP?
        RunModel.Http.Target top = run.http().top();
        if (!Facts.hasRequests(run) || top == null) {
            return notEnoughData("no " + HttpCallEvent.NAME + " events");
        }
        double share = Facts.sharePct(run, Cause.HTTP_WAIT);
        double perRequest = Facts.meanMs(run, Cause.HTTP_WAIT);
        double holdShare = holdSharePct(run);
        List<Evidence> ev = List.of(
                new Evidence("outbound HTTP wait share of server time", share, Unit.PERCENT),
                new Evidence("outbound HTTP wait per request", perRequest, Unit.MILLISECONDS),
                new Evidence("outbound HTTP share of connection hold time", holdShare, Unit.PERCENT),
                new Evidence("calls to the top target", top.time().count(), Unit.COUNT),
                new Evidence("top target call mean", top.time().meanMs(), Unit.MILLISECONDS),
                new Evidence("top target call p99", top.time().p99Ms(), Unit.MILLISECONDS),
                new Evidence("top target calls failed", top.failures(), Unit.COUNT),
                new Evidence("top target calls inside connection holds", insidePct(top), Unit.PERCENT));
        // Is the wait long enough to matter, in the callers' time or in the holds?
        int perRequestScore = HTTP_PER_REQUEST.score(perRequest);
        int serverScore = Math.min(HTTP_SHARE.score(share), perRequestScore);
        int holdScore = Math.min(HOLD_SHARE.score(holdShare), perRequestScore);
        int score = Math.max(serverScore, holdScore);
        if (score < 25) {
            return result(score, "ok", ev, num(share), num(perRequest));
        }
        if (insideHolds(run)) {
            return result(score, "held", ev, num(holdShare), top.target(), top.time().count(),
                    num(top.time().meanMs()), num(top.time().p99Ms()), top.failures(), num(insidePct(top)),
                    num(perRequest));
        }
        return result(score, "slow", ev, num(share), num(perRequest), top.target(), top.time().count(),
                num(top.time().meanMs()), num(top.time().p99Ms()), top.failures());
    }

    /** Percent of connection hold time spent in blocking HTTP calls on the holding thread. */
    static double holdSharePct(RunModel run) {
        long hold = run.pools().holdTotalNanos();
        return hold == 0 ? 0 : 100.0 * run.pools().holdHttpNanos() / hold;
    }

    /** Whether at least half of all calls' time was spent by callers holding a pooled connection. */
    static boolean insideHolds(RunModel run) {
        long inside = run.http().targets().stream().mapToLong(RunModel.Http.Target::insideHoldsNanos).sum();
        long all = run.http().timeNanos();
        return all > 0 && inside >= MOSTLY * all;
    }

    private static double insidePct(RunModel.Http.Target t) {
        return t.time().count() == 0 ? 0 : 100.0 * t.insideHolds() / t.time().count();
    }

    /**
     * Inside holds, the calls are the share of connection-held's non-database waits they took (as Redis's are); and
     * the callers' own waits are that share of the time before the server could answer anyone else.
     */
    @Override
    public List<Link> explains(RunModel run) {
        long nonDb = run.pools().holdNonDatabaseNanos();
        return List.of(
                new Link(id(), "connection-held",
                        nonDb == 0 ? 0 : (double) run.pools().holdHttpNanos() / nonDb),
                new Link(id(), "backlog-queueing", Facts.sharePct(run, Cause.HTTP_WAIT) / 100));
    }

    @Override
    public String headline(RunModel run) {
        RunModel.Http.Target top = run.http().top();
        return top == null
                ? id()
                : shortText(top.target(), num(top.time().meanMs()), num(top.time().p99Ms()));
    }
}
