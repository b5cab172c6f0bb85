package dev.poolscope.analysis.rules;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;

/**
 * Time waiting for Redis replies. Tells slow Redis (round trip itself long) from a starved Lettuce event loop or
 * starved callers (caller wait much longer than the round trip, or the event loop's run delay high).
 */
final class RedisSlowRule implements Rule {
    static final Threshold REDIS_SHARE = new Threshold("Redis wait share of server time", 10, 30,
            Unit.PERCENT);
    /** Event-loop run delay share above which the loop counts as starved. */
    static final double STARVED_LOOP_PCT = 20;

    @Override
    public String id() {
        return "redis-slow";
    }

    @Override
    public List<String> requires() {
        return List.of("poolscope.RedisWait", "poolscope.RedisRoundTrip", "poolscope.ThreadSchedStat");
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(REDIS_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Did any request wait for Redis?
        if (!Facts.hasRequests(run) || run.redis().callerWait().count() == 0) {
            return notEnoughData("no poolscope.RedisWait events");
        }
        double share = Facts.sharePct(run, Cause.REDIS_WAIT);
        double wait = run.redis().callerWait().meanMs();
        double trip = run.redis().roundTrip().meanMs();
        double loopDelay = 100 * run.eventLoop().runDelayShare();
        List<Evidence> ev = List.of(new Evidence("Redis wait share of server time", share, Unit.PERCENT),
                new Evidence("caller wait mean", wait, Unit.MILLISECONDS),
                new Evidence("caller wait p99", run.redis().callerWait().p99Ms(), Unit.MILLISECONDS),
                new Evidence("round trip mean", trip, Unit.MILLISECONDS),
                new Evidence("round trip p99", run.redis().roundTrip().p99Ms(), Unit.MILLISECONDS),
                new Evidence("event loop run delay share", loopDelay, Unit.PERCENT));
        int score = REDIS_SHARE.score(share);
        if (score < 25) {
            return result(score, "ok", ev, num(share), num(wait));
        }
        boolean roundTrips = run.redis().roundTrip().count() > 0;
        // Is the reply late because Redis is slow, or because nobody ran to deliver it?
        if (roundTrips && (loopDelay >= STARVED_LOOP_PCT || wait > 2 * trip)) {
            return result(score, "starved", ev, num(share), num(wait), num(trip), num(loopDelay));
        }
        return result(score, "slow", ev, num(share), num(wait), roundTrips ? num(trip) : "?");
    }
}
