package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.Distribution;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.RequestEvent;

/**
 * View 5: JMeter's elapsed joined to the server span by request id (or, for plans without one, by path and time:
 * approximate); the difference is its own component.
 */
final class ClientServerView {
    static final int BARS = 30;
    static final String BACKLOG_COLOR = "#1f3a93";

    public record Model(Table percentiles, Table join, Table serverOnly, Plot slowest) {
    }

    Model build(RunModel run, RunSummary s) {
        List<List<String>> rows = new ArrayList<>();
        row(rows, "client elapsed (JMeter)", s.client());
        row(rows, "server time (" + RequestEvent.NAME + ")", s.server());
        row(rows, "backlog = client − server (accept queue, connect, transfer)", s.backlog());
        Table percentiles = new Table(List.of("", "count", "p50 ms", "p95 ms", "p99 ms", "max ms"), rows);
        var j = run.join();
        Double rate = j.matchRate(run.client().size());
        Table join = new Table(
                List.of("matched by request id", "matched by path and time (approximate)", "match rate",
                        "server only", "client only", "client without id (unmatched)"),
                List.of(List.of((j.matched() - j.matchedByTime()) + "", j.matchedByTime() + "",
                        rate == null ? "–" : Fmt.pct(100 * rate), j.serverOnly() + "", j.clientOnly() + "",
                        j.clientWithoutId() + " (" + j.clientWithoutIdUnmatched() + ")")));
        List<RequestTimeline> joined = run.requests().stream().filter(r -> r.client() != null)
                .sorted(Comparator.comparingLong((RequestTimeline r) -> r.client().elapsedMillis())
                        .reversed())
                .limit(BARS).toList();
        Table serverOnly = new ServerOnly().table(run.requests());
        if (joined.isEmpty()) {
            return new Model(percentiles, join, serverOnly, null);
        }
        double max = joined.getFirst().client().elapsedMillis();
        Plot p = new Plot(900, 40 + 18 * joined.size(), 0, max, 0, joined.size())
                .xAxis("ms of client time: backlog, then server time by cause");
        for (int i = 0; i < joined.size(); i++) {
            RequestTimeline r = joined.get(i);
            double y = joined.size() - i - 1;
            double backlog = r.backlogNanos() / 1e6;
            p.bar(0, backlog, y + 0.15, y + 0.85, BACKLOG_COLOR,
                    r.requestId() + ": backlog " + Fmt.ms(backlog));
            double from = backlog;
            for (Cause c : Cause.ALL) {
                double ms = r.breakdown().millis(c);
                if (ms > 0) {
                    p.bar(from, ms, y + 0.15, y + 0.85, c.color(),
                            r.requestId() + ": " + c.label() + " " + Fmt.ms(ms));
                    from += ms;
                }
            }
        }
        p.legend("backlog", BACKLOG_COLOR);
        for (Cause c : Cause.ALL) {
            p.legend(c.label(), c.color());
        }
        return new Model(percentiles, join, serverOnly, p);
    }

    private static void row(List<List<String>> rows, String name, Distribution d) {
        rows.add(List.of(name, d.count() + "", Plot.tick(d.p50Ms()), Plot.tick(d.p95Ms()),
                Plot.tick(d.p99Ms()),
                Plot.tick(d.maxMs())));
    }
}
