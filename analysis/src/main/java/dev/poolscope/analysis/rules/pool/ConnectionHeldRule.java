package dev.poolscope.analysis.rules.pool;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.RedisWaitEvent;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * Connections held across non-database work (open-in-view): Redis, outbound HTTP, lock, sleep or non-database
 * socket waits on the holding thread between getConnection and close().
 */
public final class ConnectionHeldRule implements Rule {
    static final Threshold NON_DB_SHARE = new Threshold("non-database waits inside holds", 10, 30,
            Unit.PERCENT);

    @Override
    public String id() {
        return "connection-held";
    }

    @Override
    public List<String> requires() {
        return List.of(ConnectionHoldEvent.NAME, RedisWaitEvent.NAME);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(NON_DB_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Were connections borrowed at all?
        long hold = run.pools().holdTotalNanos();
        if (run.pools().hold().count() == 0 || hold == 0) {
            return notEnoughData("no " + ConnectionHoldEvent.NAME + " events");
        }
        long nonDb = run.pools().holdNonDatabaseNanos();
        double share = 100.0 * nonDb / hold;
        double redisShare = 100.0 * run.pools().holdRedisNanos() / hold;
        List<Evidence> ev = List.of(new Evidence("non-database waits inside holds", share, Unit.PERCENT),
                new Evidence("Redis waits inside holds", redisShare, Unit.PERCENT),
                new Evidence("outbound HTTP calls inside holds", 100.0 * run.pools().holdHttpNanos() / hold,
                        Unit.PERCENT),
                new Evidence("hold p50", run.pools().hold().p50Ms(), Unit.MILLISECONDS),
                new Evidence("hold p99", run.pools().hold().p99Ms(), Unit.MILLISECONDS));
        int score = NON_DB_SHARE.score(share);
        if (score < 25) {
            return result(score, "ok", ev, num(share), num(run.pools().hold().p50Ms()));
        }
        return result(score, "found", ev, num(share), num(redisShare), num(run.pools().hold().p50Ms()),
                num(run.pools().hold().p99Ms()));
    }

    /**
     * With N threads on C connections held h each, the pool wait is about (N − C) / C × h: holds shortened by
     * their non-database share f cut the wait by f. So f is the share of the pool starvation this explains.
     */
    @Override
    public List<Link> explains(RunModel run) {
        long hold = run.pools().holdTotalNanos();
        double f = hold == 0
                ? 0
                : (double) run.pools().holdNonDatabaseNanos() / hold;
        return List.of(new Link(id(), "pool-starvation", f));
    }

    @Override
    public String headline(RunModel run) {
        long hold = run.pools().holdTotalNanos();
        double f = hold == 0
                ? 0
                : (double) run.pools().holdNonDatabaseNanos() / hold;
        return shortText(num(run.pools().hold().meanMs()), num(100 * f));
    }
}
