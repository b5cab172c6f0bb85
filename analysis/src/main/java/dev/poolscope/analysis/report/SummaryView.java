package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.Distribution;

/** View 1: headline numbers and a percentile chart. */
final class SummaryView {
    public record Card(String name, String value) {
    }

    public record Model(List<Card> cards, Plot latency) {
    }

    Model build(RunSummary s) {
        List<Card> cards = new ArrayList<>();
        cards.add(new Card("throughput", Fmt.num(s.throughputRps()) + " req/s"));
        cards.add(new Card("requests (server / client)", s.requests() + " / " + s.clientSamples()));
        cards.add(new Card("errors", Fmt.pct(100 * s.errorRate())));
        cards.add(new Card("server failures: HTTP 5xx / Redis commands / getConnection",
                s.failures().server5xx() + " / " + s.failures().redis() + " / " + s.failures().connection()));
        cards.add(new Card("client p50 / p95 / p99 / max", dist(s.client())));
        cards.add(new Card("server p50 / p99",
                Fmt.ms(s.server().p50Ms()) + " / " + Fmt.ms(s.server().p99Ms())));
        cards.add(new Card("process CPU (mean)",
                s.cpuProcess() == null ? "n/a" : Fmt.pct(100 * s.cpuProcess())));
        cards.add(new Card("machine CPU (mean)",
                s.cpuMachine() == null ? "n/a" : Fmt.pct(100 * s.cpuMachine())));
        cards.add(new Card("GC pauses (total)", Fmt.ms(s.gcPauseMsTotal())));
        cards.add(new Card("heap used (max)",
                s.heapUsedMaxBytes() == null ? "n/a" : Fmt.num(s.heapUsedMaxBytes() / 1048576.0) + " MiB"));
        cards.add(new Card("live threads (max)",
                s.liveThreadsMax() == null ? "n/a" : s.liveThreadsMax().toString()));
        cards.add(new Card("context switches/s (machine)",
                s.contextSwitchesPerSecond() == null ? "n/a" : Fmt.num(s.contextSwitchesPerSecond())));
        cards.add(new Card("run length", Fmt.num(s.durationSeconds()) + " s"));
        return new Model(cards, latencyPlot(s));
    }

    private static String dist(Distribution d) {
        return d.count() == 0
                ? "n/a"
                : Plot.tick(d.p50Ms()) + " / " + Plot.tick(d.p95Ms()) + " / " + Plot.tick(d.p99Ms()) + " / "
                        + Fmt.ms(d.maxMs());
    }

    private static Plot latencyPlot(RunSummary s) {
        Distribution[] ds = {s.client(), s.server(), s.poolWait(), s.backlog()};
        String[] names = {"client", "server", "pool wait", "backlog"};
        String[] colors = {"#1f77b4", "#2ca02c", "#d62728", "#ff7f0e"};
        double max = 1;
        for (Distribution d : ds) {
            max = Math.max(max, d.p99Ms());
        }
        Plot p = new Plot(640, 220, 0, 4, 0, max * 1.1).yAxis("ms")
                .xLabel("p50, p95 and p99, left to right");
        for (int i = 0; i < ds.length; i++) {
            double[] v = {ds[i].p50Ms(), ds[i].p95Ms(), ds[i].p99Ms()};
            String[] pn = {"p50", "p95", "p99"};
            for (int k = 0; k < 3; k++) {
                p.bar(i + 0.1 + k * 0.27, 0.25, 0, v[k], colors[i],
                        names[i] + " " + pn[k] + " = " + Fmt.ms(v[k]));
            }
            p.category(i + 0.5, names[i]);
            p.legend(names[i], colors[i]);
        }
        return p;
    }
}
