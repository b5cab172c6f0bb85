package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.poolscope.analysis.model.Breakdown;
import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;

/** View 4: all server time, and each slow request, split by cause; unexplained time is a visible part. */
final class GapView {
    static final int BARS = 30;

    public record Model(Table totals, Plot share, Plot slowest, String cpuSource) {
    }

    Model build(RunModel run) {
        Breakdown t = run.serverTotal();
        long total = Math.max(1, t.totalNanos());
        List<List<String>> rows = new ArrayList<>();
        Plot share = new Plot(900, 90, 0, 100, 0, 1);
        double x = 0;
        int n = Math.max(1, run.requests().size());
        for (Cause c : Cause.ALL) {
            double pct = 100.0 * t.nanos(c) / total;
            rows.add(List.of(c.label(), Plot.tick(t.millis(c)), Plot.tick(t.millis(c) / n), Fmt.pct(pct)));
            share.bar(x, pct, 0, 1, c.color(), c.label() + " " + Fmt.pct(pct));
            share.legend(c.label(), c.color());
            x += pct;
        }
        List<RequestTimeline> slow = run.requests().stream()
                .sorted(Comparator.comparingLong(RequestTimeline::serverNanos).reversed()).limit(BARS)
                .toList();
        double max = slow.isEmpty() ? 1 : slow.getFirst().serverMillis();
        Plot bars = new Plot(900, 40 + 18 * Math.max(1, slow.size()), 0, max, 0, Math.max(1, slow.size()))
                .axes("ms of server time", "");
        for (int i = 0; i < slow.size(); i++) {
            RequestTimeline r = slow.get(i);
            double from = 0;
            for (Cause c : Cause.ALL) {
                double ms = r.breakdown().millis(c);
                if (ms <= 0) {
                    continue;
                }
                double y = slow.size() - i - 1;
                bars.bar(from, ms, y + 0.15, y + 0.85, c.color(),
                        r.requestId() + " " + r.uri() + ": " + c.label() + " " + Fmt.ms(ms));
                from += ms;
            }
        }
        String source = run.cpuFromSchedstat()
                ? "On-CPU and run delay come from ThreadSchedStat deltas (sampled about every second), apportioned"
                        + " evenly over each window."
                : "No ThreadSchedStat: on-CPU time is estimated from execution samples; run delay cannot be seen.";
        return new Model(new Table(List.of("cause", "total ms", "mean ms per request", "share"), rows), share,
                bars,
                source);
    }
}
