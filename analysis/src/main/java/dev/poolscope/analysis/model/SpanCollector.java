package dev.poolscope.analysis.model;

import java.util.HashMap;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.jfr.LongMap;

/**
 * Same-thread intervals (getConnection waits, connection holds, Redis waits, blocking HTTP calls, parks, monitors, sleeps, socket I/O) kept
 * for attribution, and the stop-the-world pauses that stop every thread. At most {@link RunData#MAX_SPANS} thread
 * intervals, the first in file order; the rest are counted.
 */
final class SpanCollector implements Collector<SpanCollector> {
    private final Scope scope;
    private final long maxSpans;
    final Map<Long, ThreadSpans> spans = new HashMap<>();
    /** The same, for the lookup per interval without boxing its thread id. */
    private final LongMap<ThreadSpans> byThread = new LongMap<>();
    final ThreadSpans pauses = new ThreadSpans();
    final RunData.Labels labels = new RunData.Labels();
    final StatementLabels statements = new StatementLabels();
    long droppedSpans;
    /** Thread intervals not kept because they overlap no chosen request. */
    long outsideSample;
    /** Kept socket writes that could not wait ({@link SpanKind#LOCAL_WRITE}), and their time. */
    long localWrites;
    long localWriteNanos;

    SpanCollector(Scope scope, long maxSpans) {
        this.scope = scope;
        this.maxSpans = maxSpans;
    }

    @Override
    public SpanCollector fork(Scope s) {
        return new SpanCollector(s, maxSpans);
    }

    @Override
    public void join(SpanCollector later) {
        int[] remap = labels.absorb(later.labels);
        int[] statementRemap = statements.absorb(later.statements);
        for (Map.Entry<Long, ThreadSpans> e : later.spans.entrySet()) {
            long room = maxSpans - scope.caps.spans;
            ThreadSpans from = e.getValue();
            if (room <= 0) {
                droppedSpans += from.size();
                continue;
            }
            int take = (int) Math.min(room, from.size());
            spans.computeIfAbsent(e.getKey(), k -> new ThreadSpans()).addAll(from, take, remap,
                    statementRemap);
            scope.caps.spans += take;
            droppedSpans += from.size() - take;
        }
        droppedSpans += later.droppedSpans;
        pauses.addAll(later.pauses, later.pauses.size(), null);
        outsideSample += later.outsideSample;
        localWrites += later.localWrites;
        localWriteNanos += later.localWriteNanos;
    }

    /**
     * Takes the intervals of {@code whole} that end at or after {@code from}: a steady part's, from the judged read's
     * whole, whose time segments gave theirs up to it ({@link Segments#joinAll}). Only the intervals: the counts are
     * the segments'.
     */
    void addEndingFrom(SpanCollector whole, long from) {
        int[] remap = labels.absorb(whole.labels);
        int[] statementRemap = statements.absorb(whole.statements);
        whole.spans.forEach((thread, t) -> {
            ThreadSpans mine = spans.computeIfAbsent(thread, k -> new ThreadSpans());
            int before = mine.size();
            mine.addEndingFrom(t, from, remap, statementRemap);
            scope.caps.spans += mine.size() - before;
        });
    }

    private void span(long threadId, long start, long end, SpanKind kind, String label) {
        if (admit(threadId, start, end)) {
            add(threadId, start, end, kind, labels.id(label), -1);
        }
    }

    /** Whether an interval is kept (the label is looked up only then); counted either way. */
    private boolean admit(long threadId, long start, long end) {
        switch (scope.span(threadId, start, end)) {
            case YES -> {
                if (scope.caps.spans >= maxSpans) {
                    droppedSpans++;
                    return false;
                }
                scope.caps.spans++;
                return true;
            }
            case OUTSIDE_SAMPLE -> outsideSample++;
            case NO -> {
            }
        }
        return false;
    }

    /** {@code owner}: a monitor's holder, else -1. */
    private void add(long threadId, long start, long end, SpanKind kind, int label, long owner) {
        add(threadId, start, end, kind, label, owner, false);
    }

    /** {@code pauseProof}: a pause inside it delayed nothing ({@link ThreadSpans#pauseProof}). */
    private void add(long threadId, long start, long end, SpanKind kind, int label, long owner,
            boolean pauseProof) {
        ThreadSpans t = byThread.get(threadId);
        if (t == null) {
            t = spans.computeIfAbsent(threadId, k -> new ThreadSpans());
            byThread.put(threadId, t);
        }
        t.add(start, end, kind, label, owner, pauseProof);
        if (kind == SpanKind.LOCAL_WRITE) {
            localWrites++;
            localWriteNanos += end - start;
        }
    }

    @Override
    public void connectionWait(Events.ConnectionWait e) {
        span(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), SpanKind.CONNECTION_WAIT, e.pool());
    }

    @Override
    public void connectionHold(Events.ConnectionHold e) {
        span(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), SpanKind.CONNECTION_HOLD,
                e.connectionId());
    }

    @Override
    public void redisWait(Events.RedisWait e) {
        span(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), SpanKind.REDIS_WAIT, e.command());
    }

    /** A blocking call is a wait of the thread that made it; an asynchronous one is no thread's wait. */
    @Override
    public void httpCall(Events.HttpCall e) {
        if (e.blocking()) {
            span(e.thread().javaThreadId(), e.startNanos(), e.endNanos(), SpanKind.HTTP_WAIT, e.target());
        }
    }

    @Override
    public void threadWait(Events.ThreadWait e) {
        long thread = e.thread().javaThreadId();
        if (!admit(thread, e.startNanos(), e.endNanos())) {
            return;
        }
        int label = labels.id(e.detail());
        SpanKind kind = SpanKind.of(e.kind());
        if (e.scheduledNanos() >= 0) {
            // Up to when it was due to end by itself (a sleep's time, a timeout) a pause delayed the wait by nothing;
            // what it overran is the wait's as before, and a pause's where one held it.
            // Compared as a length: start + an unbounded asked-for time would overflow.
            long due = e.scheduledNanos() >= e.endNanos() - e.startNanos()
                    ? e.endNanos()
                    : e.startNanos() + e.scheduledNanos();
            add(thread, e.startNanos(), due, kind, label, e.ownerThreadId(), true);
            if (e.endNanos() > due) {
                // On a virtual thread, what it overran was waiting to run again (SpanKind.CARRIER_WAIT).
                add(thread, due, e.endNanos(), e.thread().virtual() ? SpanKind.CARRIER_WAIT : kind, label,
                        e.ownerThreadId(), false);
                scope.caps.spans++;
            }
            return;
        }
        add(thread, e.startNanos(), e.endNanos(), kind, label, e.ownerThreadId());
    }

    /** A JDBC statement, on the thread that ran it; an R2DBC one belongs to its request (ReactiveCollector). */
    @Override
    public void statement(Events.Statement e) {
        long thread = e.thread().javaThreadId();
        if (!e.reactive() && admit(thread, e.startNanos(), e.endNanos())) {
            add(thread, e.startNanos(), e.endNanos(), SpanKind.STATEMENT, statements.id(e.sql(), e.rows()),
                    -1);
        }
    }

    @Override
    public void pause(Events.Pause e) {
        if (scope.keep(e.endNanos())) {
            pauses.add(e.startNanos(), e.endNanos(), SpanKind.LOCK, 0);
        }
    }
}
