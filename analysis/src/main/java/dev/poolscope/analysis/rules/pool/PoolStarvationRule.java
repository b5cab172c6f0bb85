package dev.poolscope.analysis.rules.pool;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.ConnectionWaitEvent;
import dev.poolscope.format.event.HikariPoolEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/** Requests wait for a pooled connection: pending > 0 while active == max, time inside getConnection. */
public final class PoolStarvationRule implements Rule {
    static final Threshold POOL_WAIT_SHARE = new Threshold("pool wait share of server time", 10, 30,
            Unit.PERCENT);

    @Override
    public String id() {
        return "pool-starvation";
    }

    @Override
    public List<String> requires() {
        return List.of(RequestEvent.NAME, ConnectionWaitEvent.NAME, HikariPoolEvent.NAME);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(POOL_WAIT_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Were any requests recorded?
        if (!Facts.hasRequests(run)) {
            return notEnoughData("no " + RequestEvent.NAME + " events");
        }
        // Did the agent see the connection pool at all?
        if (run.pools().connectionWait().count() == 0 && run.pools().hikari().isEmpty()) {
            return notEnoughData(
                    "no " + ConnectionWaitEvent.NAME + " or " + HikariPoolEvent.NAME + " events");
        }
        double share = Facts.sharePct(run, Cause.CONNECTION_WAIT);
        double saturated = Facts.saturatedGaugePct(run);
        double p99 = run.pools().connectionWait().p99Ms();
        List<Evidence> ev = List.of(new Evidence("pool wait share of server time", share, Unit.PERCENT),
                new Evidence("getConnection p99", p99, Unit.MILLISECONDS),
                new Evidence("mean pool wait per request", Facts.meanMs(run, Cause.CONNECTION_WAIT),
                        Unit.MILLISECONDS),
                new Evidence("gauge samples with all connections out and threads waiting", saturated,
                        Unit.PERCENT),
                new Evidence("most threads waiting", Facts.maxWaiting(run), Unit.THREADS),
                new Evidence("getConnection timeouts", run.pools().connectionWaitFailures(), Unit.COUNT));
        int score = POOL_WAIT_SHARE.score(share);
        // A timeout with every connection out is starvation; one with room in the pool is the database failing.
        if (run.pools().connectionWaitFailures() > run.pools().failuresWithRoom()) {
            score = Math.max(score, 75);
        }
        if (score < 25) {
            return result(score, "ok", ev, num(share), num(p99));
        }
        return result(score, "found", ev, num(share), num(Facts.meanMs(run, Cause.CONNECTION_WAIT)), num(p99),
                num(saturated), Facts.maxWaiting(run), run.pools().connectionWaitFailures());
    }

    @Override
    public List<Link> explains(RunModel run) {
        // Workers parked in getConnection are busy workers: that share of server time keeps arrivals queued. So are
        // workers waiting on the database with a connection while the pool was full: no more could have.
        return List.of(new Link(id(), "backlog-queueing",
                Math.min(1, (Facts.sharePct(run, Cause.CONNECTION_WAIT) + Facts.poolBoundPct(run)) / 100)));
    }

    @Override
    public String headline(RunModel run) {
        return shortText(num(Facts.meanMs(run, Cause.CONNECTION_WAIT)));
    }
}
