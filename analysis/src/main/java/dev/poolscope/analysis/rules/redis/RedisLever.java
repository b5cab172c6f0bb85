package dev.poolscope.analysis.rules.redis;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;
import java.util.stream.Collectors;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * Redis is the root and no connection is held across it: no thread count helps. What does follows from where the
 * callers' wait went ({@link RedisSlowRule#verdict}): Redis itself (the round trip is most of it; the commands that
 * took the time are named), the queue in front of Lettuce's one shared connection, or this side's event loop short
 * of a CPU.
 */
public final class RedisLever {
    /** The commands named in the arithmetic, most time first. */
    static final int TOP_COMMANDS = 3;

    public Recommendation recommend(RunModel run) {
        RunModel.Redis redis = run.redis();
        double wait = redis.callerWait().meanMs();
        double trip = redis.roundTrip().meanMs();
        double loop = RedisSlowRule.loopDelayPerReplyMs(run);
        String share = num(Facts.sharePct(run, Cause.REDIS_WAIT));
        List<String> lines = List.of(Messages.format("recommend.redis.measured", share, num(wait),
                num(redis.callerWait().p99Ms()), redis.roundTrip().count() == 0 ? "?" : num(trip),
                num(redis.roundTrip().p99Ms()), num(loop), commands(redis)));
        String sentence = switch (RedisSlowRule.verdict(run)) {
            case SLOW -> redis.commands().isEmpty()
                    ? Messages.format("recommend.redis.slow.nocommands", share, num(wait),
                            redis.roundTrip().count() == 0 ? "?" : num(trip))
                    : Messages.format("recommend.redis.slow", share, num(trip),
                            num(redis.roundTrip().p99Ms()),
                            num(wait), redis.commands().getFirst().command(), pctOfRoundTrips(redis),
                            num(meanMs(redis.commands().getFirst())));
            case QUEUED -> Messages.format("recommend.redis.queued", share, num(trip), num(wait),
                    num(Math.max(0, wait - trip - loop)));
            case STARVED ->
                Messages.format("recommend.redis.starved", share, num(loop), num(wait), num(trip));
            case LOOP_BUSY -> Messages.format("recommend.redis.loopbusy", share,
                    num(run.loops().redisLoopBusyPct()), run.loops().redisLoopFrame());
        };
        return new Recommendation("none", null, sentence, lines);
    }

    private static String commands(RunModel.Redis redis) {
        if (redis.commands().isEmpty()) {
            return "none recorded";
        }
        return redis.commands().stream().limit(TOP_COMMANDS)
                .map(c -> Messages.format("recommend.redis.command", c.command(), c.count(), num(meanMs(c))))
                .collect(Collectors.joining(", "));
    }

    private static double meanMs(RunModel.RedisCommand c) {
        return c.count() == 0 ? 0 : c.nanos() / 1e6 / c.count();
    }

    /** The top command's share of all round-trip time. */
    private static String pctOfRoundTrips(RunModel.Redis redis) {
        long all = redis.commands().stream().mapToLong(RunModel.RedisCommand::nanos).sum();
        return num(all == 0 ? 0 : 100.0 * redis.commands().getFirst().nanos() / all);
    }
}
