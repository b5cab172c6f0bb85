package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds Scouter-style step lists: request start, each Redis wait, outbound HTTP call (named by its target),
 * getConnection, connection hold and SQL statement on the request's thread, request end. Each step's T-GAP interval
 * is the part of the request's own split that falls in it ({@link Attributor#within}): the T-GAPs tile the request, so
 * the steps add up to the request's row in the gap table, its measured CPU and run delay included.
 */
final class StepProfiler {
    private final RunData data;
    private final Attributor attributor;

    StepProfiler(RunData data, Attributor attributor) {
        this.data = data;
        this.attributor = attributor;
    }

    StepProfile profile(RequestTimeline r) {
        // The request's split again, with the CPU and run delay it was given (the same split: Attributor caps
        // neither further), so that within() reads its pieces.
        Breakdown whole = r.breakdown();
        attributor.attribute(r.threadId(), r.startNanos(), r.endNanos(), null, whole.nanos(Cause.CPU),
                whole.nanos(Cause.RUN_DELAY));
        List<long[]> raw = new ArrayList<>(); // {start, end, kind, label}
        ThreadSpans spans = data.spans.get(r.threadId());
        if (spans != null) {
            spans.overlapping(r.startNanos(), r.endNanos(), i -> {
                SpanKind k = spans.kind(i);
                if (k == SpanKind.REDIS_WAIT || k == SpanKind.HTTP_WAIT || k == SpanKind.CONNECTION_WAIT
                        || k == SpanKind.CONNECTION_HOLD || k == SpanKind.STATEMENT) {
                    raw.add(new long[]{Math.max(r.startNanos(), spans.start(i)),
                            Math.min(r.endNanos(), spans.end(i)),
                            k.ordinal(), spans.label(i)});
                }
            });
        }
        List<StepProfile.Step> steps = new ArrayList<>();
        steps.add(new StepProfile.Step("request start", r.method() + " " + r.uri(), 0, 0, 0, -1,
                new Breakdown()));
        long prevStart = r.startNanos();
        for (long[] s : raw) {
            SpanKind k = SpanKind.ALL[(int) s[2]];
            String name = switch (k) {
                case REDIS_WAIT -> "Redis";
                case HTTP_WAIT -> "HTTP";
                case CONNECTION_WAIT -> "getConnection";
                case STATEMENT -> StepProfile.STATEMENT;
                default -> "SQL / connection held";
            };
            int label = (int) s[3];
            String detail = k == SpanKind.STATEMENT
                    ? StepProfile.statement(data.statementLabels.sql(label), data.statementLabels.rows(label))
                    : data.labels.name(label);
            steps.add(step(r, name, detail, s[0], s[1], prevStart));
            prevStart = s[0];
        }
        steps.add(step(r, "request end", "status " + r.status(), r.endNanos(), r.endNanos(), prevStart));
        return new StepProfile(r, List.copyOf(steps));
    }

    private StepProfile.Step step(RequestTimeline r, String name, String detail, long start, long end,
            long prevStart) {
        long cpu = end > start ? part(start, end).nanos(Cause.CPU) : 0;
        return new StepProfile.Step(name, detail, start - r.startNanos(), end - start, start - prevStart, cpu,
                part(prevStart, start));
    }

    /** What of the request's split fell in [from, to), rounded to whole nanoseconds. */
    private Breakdown part(long from, long to) {
        double[] byCause = new double[Cause.ALL.length];
        attributor.within(from, to, byCause);
        Breakdown b = new Breakdown();
        for (Cause c : Cause.ALL) {
            b.add(c, Math.round(byCause[c.ordinal()]));
        }
        return b;
    }
}
