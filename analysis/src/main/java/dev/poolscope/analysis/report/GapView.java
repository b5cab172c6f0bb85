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
    /** Pixels per setting in the comparison's chart: a line of label over a bar. */
    static final int STACKED_ROW = 30;

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
            rows.add(List.of(c.label(), Plot.tick(t.millis(c)), Plot.tick(t.millis(c) / n), Fmt.pct(pct),
                    t.sampledNanos(c) == 0 ? "" : Plot.tick(t.sampledMillis(c))));
            share.bar(x, pct, 0, 1, c.color(), c.label() + " " + Fmt.pct(pct));
            share.legend(c.label(), c.color());
            x += pct;
        }
        List<RequestTimeline> slow = run.requests().stream()
                .sorted(Comparator.comparingLong(RequestTimeline::serverNanos).reversed()).limit(BARS)
                .toList();
        double max = slow.isEmpty() ? 1 : slow.getFirst().serverMillis();
        Plot bars = new Plot(900, 40 + 18 * Math.max(1, slow.size()), 0, max, 0, Math.max(1, slow.size()))
                .xAxis("ms of server time");
        for (int i = 0; i < slow.size(); i++) {
            RequestTimeline r = slow.get(i);
            double[] ms = new double[Cause.ALL.length];
            for (Cause c : Cause.ALL) {
                ms[c.ordinal()] = r.breakdown().millis(c);
            }
            bar(bars, slow.size() - i - 1, ms, r.requestId() + " " + r.uri() + ": ");
        }
        String source = (run.cpuFromSchedstat()
                ? "On-CPU and run delay: each request's own, measured by the agent on its thread at the span's start"
                        + " and end (without those fields, ThreadSchedStat deltas sampled about every second,"
                        + " apportioned evenly over each window)."
                : "No ThreadSchedStat: on-CPU time is estimated from execution samples; run delay cannot be seen.")
                + sampledNote(t);
        return new Model(new Table(List.of("cause", "total ms", "mean ms per request", "share",
                "of which named from wall samples (ms, estimate)"), rows), share,
                bars,
                source);
    }

    /** Says how much time the wall samples named, and that it is an estimate. */
    static String sampledNote(Breakdown t) {
        long sampled = t.totalSampledNanos();
        if (sampled == 0) {
            return "";
        }
        return String.format(java.util.Locale.ROOT,
                " %s ms (%s of server time) that no event covered, while the thread was neither on the CPU nor"
                        + " runnable, is named from async-profiler's wall-clock samples of the thread in it (waits"
                        + " shorter than the JDK events' thresholds, e.g. monitor enters under 10 ms): split in"
                        + " proportion to the samples' stacks, an estimate (last column); time no sample named stays"
                        + " unexplained.",
                Plot.tick(sampled / 1e6), Fmt.pct(100.0 * sampled / Math.max(1, t.totalNanos())));
    }

    /**
     * One bar per label, each split by cause: the comparison's gap explanation, one bar per setting. A setting's label
     * (a folder name, as long as it is) stands above its bar, where it has the chart's width, not beside it.
     */
    static Plot stacked(List<String> labels, List<double[]> msByCause, String xLabel) {
        double max = 1;
        for (double[] ms : msByCause) {
            max = Math.max(max, java.util.Arrays.stream(ms).sum());
        }
        int n = Math.max(1, labels.size());
        Plot p = new Plot(900, Plot.TOP + Plot.BOTTOM + STACKED_ROW * n, 0, max * 1.05, 0, n).xAxis(xLabel);
        for (int i = 0; i < labels.size(); i++) {
            double y = n - i - 1;
            p.text(p.px(0), p.py(y + 1) + 11, labels.get(i), "start");
            barIn(p, y + 0.05, y + 0.55, msByCause.get(i), labels.get(i) + ": ");
        }
        for (Cause c : Cause.ALL) {
            p.legend(c.label(), c.color());
        }
        return p;
    }

    /** A horizontal bar in row y, one piece per cause in Cause order; ms indexed by Cause.ordinal(). */
    private static void bar(Plot p, double y, double[] ms, String titlePrefix) {
        barIn(p, y + 0.15, y + 0.85, ms, titlePrefix);
    }

    private static void barIn(Plot p, double yLow, double yHigh, double[] ms, String titlePrefix) {
        double from = 0;
        for (Cause c : Cause.ALL) {
            double v = ms[c.ordinal()];
            if (v <= 0) {
                continue;
            }
            p.bar(from, v, yLow, yHigh, c.color(), titlePrefix + c.label() + " " + Fmt.ms(v));
            from += v;
        }
    }
}
