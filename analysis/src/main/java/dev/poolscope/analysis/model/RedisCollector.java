package dev.poolscope.analysis.model;

import java.util.HashSet;
import java.util.Set;

import dev.poolscope.analysis.recording.Events;

/**
 * Redis: every round trip (on Lettuce's event loop) and every caller's wait in the window as distributions, the failed
 * waits, and which threads completed replies (the event loops).
 */
final class RedisCollector implements Collector<RedisCollector> {
    private final Scope scope;
    final DurationHistogram roundTrip = new DurationHistogram();
    final DurationHistogram wait = new DurationHistogram();
    long failures;
    final Set<Long> eventLoopThreads = new HashSet<>();

    RedisCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public RedisCollector fork(Scope s) {
        return new RedisCollector(s);
    }

    @Override
    public void join(RedisCollector later) {
        roundTrip.addAll(later.roundTrip);
        wait.addAll(later.wait);
        failures += later.failures;
        eventLoopThreads.addAll(later.eventLoopThreads);
    }

    @Override
    public void redisWait(Events.RedisWait e) {
        if (scope.in(e.startNanos())) {
            wait.add(e.endNanos() - e.startNanos());
            if (!e.success()) {
                failures++;
            }
        }
    }

    @Override
    public void redisRoundTrip(Events.RedisRoundTrip e) {
        if (scope.in(e.startNanos())) {
            roundTrip.add(e.endNanos() - e.startNanos());
        }
        eventLoopThreads.add(e.thread().javaThreadId());
        if (e.requestId() != null && !e.requestId().isEmpty() && scope.in(e.startNanos())) {
            // No thread waits for a reactive reply: the request does, for the whole round trip.
            wait.add(e.endNanos() - e.startNanos());
        }
    }
}
