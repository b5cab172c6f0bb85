package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.recording.Events;

/**
 * The reactive stack's intervals tied to a request by its id wherever they ran (R2DBC acquires and holds, Redis
 * replies, outbound HTTP calls), at most {@link ReactiveData#MAX_OWN} of them in file order, and the event loops' long tasks.
 */
final class ReactiveCollector implements Collector<ReactiveCollector> {
    private final Scope scope;
    /** In file order, so the cap keeps the first ones whichever chunk they came from. */
    private final List<String> ownIds = new ArrayList<>();
    private final List<ReactiveData.Own> own = new ArrayList<>();
    private final List<ReactiveData.Stall> stalls = new ArrayList<>();
    long dropped;
    long outsideSample;

    ReactiveCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public ReactiveCollector fork(Scope s) {
        return new ReactiveCollector(s);
    }

    @Override
    public void join(ReactiveCollector later) {
        int room = (int) Math.max(0, ReactiveData.MAX_OWN - scope.caps.own);
        int take = Math.min(room, later.own.size());
        scope.caps.own += take;
        ownIds.addAll(later.ownIds.subList(0, take));
        own.addAll(later.own.subList(0, take));
        dropped += later.dropped + later.own.size() - take;
        stalls.addAll(later.stalls);
        outsideSample += later.outsideSample;
    }

    private void own(String requestId, long start, long end, ReactiveData.Part part, String label) {
        own(requestId, start, end, part, label, -1);
    }

    private void own(String requestId, long start, long end, ReactiveData.Part part, String label,
            long rows) {
        switch (scope.own(requestId, start, end)) {
            case YES -> {
                if (requestId == null || requestId.isEmpty() || end < start) {
                    return;
                }
                if (scope.caps.own >= ReactiveData.MAX_OWN) {
                    dropped++;
                    return;
                }
                scope.caps.own++;
                ownIds.add(requestId);
                own.add(new ReactiveData.Own(start, end, part, label, rows));
            }
            case OUTSIDE_SAMPLE -> outsideSample++;
            case NO -> {
            }
        }
    }

    @Override
    public void redisRoundTrip(Events.RedisRoundTrip e) {
        if (e.requestId() != null && !e.requestId().isEmpty()) {
            own(e.requestId(), e.startNanos(), e.endNanos(), ReactiveData.Part.REDIS, e.command());
        }
    }

    /** An asynchronous call tied to a reactive request by its id: that request waited for it. */
    @Override
    public void httpCall(Events.HttpCall e) {
        if (!e.blocking() && e.requestId() != null && !e.requestId().isEmpty()) {
            own(e.requestId(), e.startNanos(), e.endNanos(), ReactiveData.Part.HTTP, e.target());
        }
    }

    @Override
    public void r2dbcAcquire(Events.R2dbcAcquire e) {
        own(e.requestId(), e.startNanos(), e.endNanos(), ReactiveData.Part.ACQUIRE, e.pool());
    }

    @Override
    public void r2dbcHold(Events.R2dbcHold e) {
        own(e.requestId(), e.startNanos(), e.endNanos(), ReactiveData.Part.DATABASE, e.connectionId());
    }

    /** An R2DBC statement, by its request's id (a JDBC one is its thread's: SpanCollector). */
    @Override
    public void statement(Events.Statement e) {
        if (e.reactive()) {
            own(e.requestId(), e.startNanos(), e.endNanos(), ReactiveData.Part.STATEMENT, e.sql(), e.rows());
        }
    }

    @Override
    public void loopStall(Events.LoopStall e) {
        if (scope.keep(e.endNanos())) {
            stalls.add(new ReactiveData.Stall(e.thread().javaThreadId(), e.thread().name(), e.startNanos(),
                    e.endNanos(), "", LoopStack.frame(e.stack()), LoopStack.blocking(e.stack()),
                    e.stackAfterNanos()));
        }
    }

    /** Everything kept, as the model reads it; {@code loops} from the requests. */
    ReactiveData data(java.util.Set<Long> loops) {
        ReactiveData d = new ReactiveData();
        for (int i = 0; i < own.size(); i++) {
            d.own(ownIds.get(i), own.get(i));
        }
        stalls.forEach(d::stall);
        d.loops.addAll(loops);
        d.droppedOwn = dropped;
        return d;
    }
}
