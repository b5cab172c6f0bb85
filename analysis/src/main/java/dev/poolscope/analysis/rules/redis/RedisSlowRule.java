package dev.poolscope.analysis.rules.redis;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.RedisRoundTripEvent;
import dev.poolscope.format.event.RedisWaitEvent;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * Time waiting for Redis replies, and where it went, judged in absolute time against the round trip: the server
 * (the round trip itself is most of the wait), this side's event loop (its run delay per reply is most of the
 * wait: it could not run to read replies), or the queue in front of Lettuce's one shared connection (what is left).
 * A run-delay share alone says nothing: an idle loop that waited 1 ms for each of its few wake-ups has a high
 * share and costs no one anything.
 */
public final class RedisSlowRule implements Rule {
    static final Threshold REDIS_SHARE = new Threshold("Redis wait share of server time", 10, 30,
            Unit.PERCENT);
    /**
     * A client sees Redis only in milliseconds: a round trip inside a data centre is well under one, and Redis's own
     * slow log counts a command as slow from 10 ms (its default {@code slowlog-log-slower-than}). Below a millisecond
     * per request Redis is working as designed, however large a share of a short request that is.
     */
    static final Threshold REDIS_PER_REQUEST = new Threshold("mean Redis wait per request", 1, 10,
            Unit.MILLISECONDS);
    /** A part that is at least half of the callers' wait is where the wait went. */
    static final double MOSTLY = 0.5;

    @Override
    public String id() {
        return "redis-slow";
    }

    @Override
    public List<String> requires() {
        return List.of(RedisWaitEvent.NAME, RedisRoundTripEvent.NAME, ThreadSchedStatEvent.NAME);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(REDIS_SHARE, REDIS_PER_REQUEST);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Did any request wait for Redis?
        if (!Facts.hasRequests(run) || run.redis().callerWait().count() == 0) {
            return notEnoughData("no " + RedisWaitEvent.NAME + " events");
        }
        double share = Facts.sharePct(run, Cause.REDIS_WAIT);
        double wait = run.redis().callerWait().meanMs();
        double trip = run.redis().roundTrip().meanMs();
        double loop = loopDelayPerReplyMs(run);
        List<Evidence> ev = List.of(new Evidence("Redis wait share of server time", share, Unit.PERCENT),
                new Evidence("Redis wait per request", Facts.meanMs(run, Cause.REDIS_WAIT),
                        Unit.MILLISECONDS),
                new Evidence("caller wait mean", wait, Unit.MILLISECONDS),
                new Evidence("caller wait p99", run.redis().callerWait().p99Ms(), Unit.MILLISECONDS),
                new Evidence("round trip mean", trip, Unit.MILLISECONDS),
                new Evidence("round trip p99", run.redis().roundTrip().p99Ms(), Unit.MILLISECONDS),
                new Evidence("event loop run delay per reply", loop, Unit.MILLISECONDS));
        double perRequest = Facts.meanMs(run, Cause.REDIS_WAIT);
        int score = Math.min(REDIS_SHARE.score(share), REDIS_PER_REQUEST.score(perRequest));
        if (score < 25) {
            return result(score, "ok", ev, num(share), num(wait));
        }
        return switch (verdict(run)) {
            case STARVED -> result(score, "starved", ev, num(share), num(wait), num(trip), num(loop));
            case LOOP_BUSY -> result(score, "loopbusy", ev, num(share), num(wait), num(trip),
                    num(run.loops().redisLoopBusyPct()), run.loops().redisLoopFrame());
            case QUEUED -> result(score, "queued", ev, num(share), num(wait), num(trip), num(loop),
                    num(Math.max(0, wait - trip - loop)));
            case SLOW -> result(score, "slow", ev, num(share), num(wait),
                    run.redis().roundTrip().count() > 0 ? num(trip) : "?");
        };
    }

    enum Verdict {
        SLOW, STARVED, QUEUED, LOOP_BUSY
    }

    static Verdict verdict(RunModel run) {
        double wait = run.redis().callerWait().meanMs();
        if (run.redis().roundTrip().count() == 0 || wait <= 0) {
            return Verdict.SLOW;
        }
        // The loop's run delay delays both reading the reply and the round trip's end: check it first.
        if (loopDelayPerReplyMs(run) >= MOSTLY * wait) {
            return Verdict.STARVED;
        }
        // Reactive: what runs on Lettuce's loop after a reply (the rest of a request's chain) holds every later reply.
        if (run.reactive() && run.loops().redisLoopBusyPct() >= 100 * MOSTLY) {
            return Verdict.LOOP_BUSY;
        }
        return run.redis().roundTrip().meanMs() >= MOSTLY * wait ? Verdict.SLOW : Verdict.QUEUED;
    }

    /** The Lettuce event loop's run delay over the window divided by the replies it delivered, in ms. */
    public static double loopDelayPerReplyMs(RunModel run) {
        long replies = run.redis().roundTrip().count();
        return replies == 0 || run.eventLoop().threads() == 0
                ? 0
                : run.eventLoop().runDelayNanos() / 1e6 / replies;
    }

    @Override
    public List<Link> explains(RunModel run) {
        long nonDb = run.pools().holdNonDatabaseNanos();
        return List.of(
                new Link(id(), "connection-held",
                        nonDb == 0 ? 0 : (double) run.pools().holdRedisNanos() / nonDb),
                new Link(id(), "backlog-queueing", Facts.sharePct(run, Cause.REDIS_WAIT) / 100));
    }

    @Override
    public String headline(RunModel run) {
        double wait = run.redis().callerWait().meanMs();
        double trip = run.redis().roundTrip().meanMs();
        double loop = loopDelayPerReplyMs(run);
        return switch (verdict(run)) {
            case SLOW -> Messages.format("redis-slow.short.slow", num(trip), num(wait));
            case STARVED -> Messages.format("redis-slow.short.starved", num(loop), num(wait));
            case LOOP_BUSY ->
                Messages.format("redis-slow.short.loopbusy", num(run.loops().redisLoopBusyPct()),
                        num(wait));
            case QUEUED -> Messages.format("redis-slow.short.queued", num(Math.max(0, wait - trip - loop)),
                    num(wait));
        };
    }
}
