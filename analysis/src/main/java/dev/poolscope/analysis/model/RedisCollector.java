package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.poolscope.analysis.recording.Events;

/**
 * Redis: every round trip (on Lettuce's event loop) and every caller's wait in the window as distributions, the failed
 * waits, and which threads completed replies (the event loops).
 */
final class RedisCollector implements Collector<RedisCollector> {
    /** Distinct command names kept (Redis has a few hundred); later ones still count in the distributions. */
    static final int MAX_COMMANDS = 256;
    private final Scope scope;
    final DurationHistogram roundTrip = new DurationHistogram();
    final DurationHistogram wait = new DurationHistogram();
    long failures;
    final Set<Long> eventLoopThreads = new HashSet<>();
    /** Round trips per command: {count, nanos}. */
    final Map<String, long[]> commands = new TreeMap<>();

    RedisCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public RedisCollector fork(Scope s) {
        return new RedisCollector(s);
    }

    /** Absorbs a time segment outside the steady part: its event loops, known whatever the window. */
    void joinOutside(RedisCollector later) {
        eventLoopThreads.addAll(later.eventLoopThreads);
    }

    @Override
    public void join(RedisCollector later) {
        roundTrip.addAll(later.roundTrip);
        wait.addAll(later.wait);
        failures += later.failures;
        joinOutside(later);
        later.commands.forEach((name, c) -> command(name, c[0], c[1]));
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
            command(e.command(), 1, e.endNanos() - e.startNanos());
        }
        eventLoopThreads.add(e.thread().javaThreadId());
        if (e.requestId() != null && !e.requestId().isEmpty() && scope.in(e.startNanos())) {
            // No thread waits for a reactive reply: the request does, for the whole round trip.
            wait.add(e.endNanos() - e.startNanos());
        }
    }

    private void command(String name, long count, long nanos) {
        long[] c = commands.get(name);
        if (c == null) {
            if (commands.size() >= MAX_COMMANDS) {
                return;
            }
            c = new long[2];
            commands.put(name, c);
        }
        c[0] += count;
        c[1] += nanos;
    }

    /** The commands' round trips, most time first. */
    List<RunModel.RedisCommand> commands() {
        List<RunModel.RedisCommand> out = new ArrayList<>();
        commands.forEach((name, c) -> out.add(new RunModel.RedisCommand(name, c[0], c[1])));
        out.sort(java.util.Comparator.comparingLong(RunModel.RedisCommand::nanos).reversed()
                .thenComparing(RunModel.RedisCommand::command));
        return List.copyOf(out);
    }
}
