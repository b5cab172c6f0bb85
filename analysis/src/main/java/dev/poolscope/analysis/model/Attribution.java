package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.recording.Events;

/**
 * Every kept request's server time split into causes, on its thread (or, on the reactive stack, from its own
 * intervals wherever they ran), painted into the worker lanes as it goes; the lock sites waited on; and the profiles of
 * the slowest requests.
 */
final class Attribution {
    private final RunData data;
    private final ReactiveData reactive;
    private final Attributor attributor;
    final ReactiveSplit split;
    final OverlapSweep overlaps;
    final List<RequestTimeline> requests = new ArrayList<>();
    final Breakdown total = new Breakdown();
    final Map<String, Long> lockTotals = new HashMap<>();
    final StatementUse statements = new StatementUse(StatementCollector.MAX_TEXTS);
    long clocked;
    long unclocked;

    Attribution(RunData data, ReactiveData reactive) {
        this.data = data;
        this.reactive = reactive;
        this.attributor = new Attributor(data);
        this.split = new ReactiveSplit(data, reactive);
        this.overlaps = new OverlapSweep(data);
    }

    /** Attributes {@code kept} (in start order; each released as it is read), each with its client sample. */
    void attribute(List<Events.Request> kept, JtlSample[] partner, TimelineCollector timeline) {
        for (int i = 0; i < partner.length; i++) {
            // Released as read: the timeline keeps what the views need, and a million of these is 72 MB of heap.
            Events.Request e = kept.set(i, null);
            long tid = e.thread().javaThreadId();
            timeline.beginWindow(tid);
            boolean hops = ReactiveData.NETTY.equals(e.server());
            if (!hops && e.cpuNanos() >= 0) {
                clocked++;
            } else if (!hops) {
                unclocked++;
            }
            Breakdown b = hops
                    ? split.attribute(e.requestId(), tid, e.startNanos(), e.endNanos(), timeline)
                    : attributor.attribute(tid, e.startNanos(), e.endNanos(), timeline, e.cpuNanos(),
                            e.runDelayNanos());
            total.addAll(b);
            if (!hops) {
                overlaps.request(tid, e.startNanos(), e.endNanos(), attributor);
            }
            long[] sums = hops
                    ? split.sums(e.requestId(), e.startNanos(), e.endNanos())
                    : sums(tid, e.startNanos(), e.endNanos());
            lockWaits(tid, e.startNanos(), e.endNanos());
            statements(e, hops, sums[1]);
            requests.add(new RequestTimeline(e.requestId(), e.method(), e.uri(), e.status(), tid,
                    e.thread().name(),
                    e.startNanos(), e.endNanos(), b, sums[0], sums[1], sums[2], partner[i]));
        }
    }

    /** The step profiles of the slowest requests: of those attributed, and of the window's longest kept beside. */
    List<StepProfile> slowest(List<Events.Request> longest) {
        StepProfiler profiler = new StepProfiler(data, attributor);
        return Stream.concat(requests.stream(), longest(longest).stream())
                .sorted(Comparator.comparingLong(RequestTimeline::serverNanos).reversed())
                .limit(RequestCollector.SLOWEST)
                .map(r -> reactive.loops.contains(r.threadId())
                        ? split.profile(r, r.threadId())
                        : profiler.profile(r))
                .toList();
    }

    /**
     * The window's longest requests the sample did not choose (servlet stack only), attributed like the kept ones but
     * counted in no figure: they only compete for the slowest-request profiles.
     */
    private List<RequestTimeline> longest(List<Events.Request> longest) {
        Attributor.SegmentSink nowhere = new Attributor.SegmentSink() {
            @Override
            public void explicit(long start, long end, Cause cause) {
            }

            @Override
            public void remainder(long start, long end) {
            }

            @Override
            public void remainderShares(double[] byCause) {
            }
        };
        List<RequestTimeline> out = new ArrayList<>(longest.size());
        for (Events.Request e : longest) {
            long tid = e.thread().javaThreadId();
            Breakdown b = attributor.attribute(tid, e.startNanos(), e.endNanos(), nowhere, e.cpuNanos(),
                    e.runDelayNanos());
            long[] sums = sums(tid, e.startNanos(), e.endNanos());
            out.add(new RequestTimeline(e.requestId(), e.method(), e.uri(), e.status(), tid,
                    e.thread().name(),
                    e.startNanos(), e.endNanos(), b, sums[0], sums[1], sums[2], null));
        }
        return out;
    }

    /** The request's statements and holds (on its thread, or its own intervals on the reactive stack), to {@link #statements}. */
    private void statements(Events.Request e, boolean hops, long holdNanos) {
        long from = e.startNanos();
        long to = e.endNanos();
        statements.begin(e.method(), e.uri(), to - from, holdNanos);
        if (hops) {
            List<ReactiveData.Own> own = reactive.ownOf(e.requestId());
            for (ReactiveData.Own o : own) {
                if (o.part() == ReactiveData.Part.DATABASE) {
                    statements.hold(Math.max(from, o.start()), Math.min(to, o.end()));
                }
            }
            for (ReactiveData.Own o : own) {
                if (o.part() == ReactiveData.Part.STATEMENT) {
                    statements.statement(o.label(), Math.max(from, o.start()), Math.min(to, o.end()));
                }
            }
        } else {
            ThreadSpans spans = data.spans.get(e.thread().javaThreadId());
            if (spans != null) {
                spans.overlapping(from, to, i -> {
                    if (spans.kind(i) == SpanKind.CONNECTION_HOLD) {
                        statements.hold(Math.max(from, spans.start(i)), Math.min(to, spans.end(i)));
                    }
                });
                spans.overlapping(from, to, i -> {
                    if (spans.kind(i) == SpanKind.STATEMENT) {
                        statements.statement(data.statementLabels.sql(spans.label(i)),
                                Math.max(from, spans.start(i)), Math.min(to, spans.end(i)));
                    }
                });
            }
        }
        statements.end();
    }

    /**
     * Lock and monitor waits inside one request, summed by what was waited on (monitor or parked class). The part of a
     * wait inside a blocking HTTP call is the call's (the client parks until its response): not a lock site; the part
     * inside stop-the-world pauses is the pauses', as in the time split (not in a wait not yet due to end by itself).
     */
    private void lockWaits(long tid, long from, long to) {
        ThreadSpans spans = data.spans.get(tid);
        if (spans == null) {
            return;
        }
        List<long[]> calls = new ArrayList<>();
        spans.overlapping(from, to, i -> {
            if (spans.kind(i) == SpanKind.HTTP_WAIT) {
                calls.add(new long[]{Math.max(from, spans.start(i)), Math.min(to, spans.end(i))});
            }
        });
        spans.overlapping(from, to, i -> {
            if (spans.kind(i) == SpanKind.LOCK) {
                long s = Math.max(from, spans.start(i));
                long e = Math.min(to, spans.end(i));
                long len = e - s;
                for (long[] c : calls) {
                    len -= Math.max(0, Math.min(e, c[1]) - Math.max(s, c[0]));
                }
                if (len > 0) {
                    // Still a wait on this monitor when a pause took all of it: the site stays, with no time.
                    String what = data.labels.name(spans.label(i));
                    long paused = spans.pauseProof(i) ? 0 : overlaps.paused(s, e);
                    lockTotals.merge(what.isEmpty() ? "?" : what, Math.max(0, len - paused), Long::sum);
                }
            }
        });
    }

    /** {pool wait, hold, redis wait} nanos on the thread inside [from, to). */
    private long[] sums(long tid, long from, long to) {
        long[] r = new long[3];
        ThreadSpans spans = data.spans.get(tid);
        if (spans == null) {
            return r;
        }
        spans.overlapping(from, to, i -> {
            long len = Math.min(to, spans.end(i)) - Math.max(from, spans.start(i));
            switch (spans.kind(i)) {
                case CONNECTION_WAIT -> r[0] += len;
                case CONNECTION_HOLD -> r[1] += len;
                case REDIS_WAIT -> r[2] += len;
                default -> {
                }
            }
        });
        return r;
    }
}
