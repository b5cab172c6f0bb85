package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;

/**
 * The instances of a service run as several: a table of each instance's figures beside the merged ones, the overall
 * diagnosis sentence, and each instance's worker lanes and diagnosis; each instance's full report is linked.
 */
final class InstancesView {

    public record Lanes(String name, String report, String primary, String chain, Plot lanes, String note) {
    }

    public record Model(Table figures, Table serverTime, String sentence, List<Lanes> instances) {
    }

    Model build(RunSummary merged, String sentence, List<Instance> instances) {
        List<String> header = List.of("instance", "requests (server / client)", "throughput", "errors",
                "client p50 / p99", "server p50 / p99", "pool wait p99", "process CPU", "primary cause",
                "recommended threads");
        List<List<String>> rows = new ArrayList<>();
        for (Instance i : instances) {
            rows.add(row(i.name(), i.summary(), i.diagnosis().primaryCause(),
                    i.diagnosis().recommendation().threads()));
        }
        rows.add(row("all (merged)", merged, null, null));
        List<String> causeHeader = new ArrayList<>(List.of("instance"));
        for (Cause c : Cause.ALL) {
            causeHeader.add(c.label());
        }
        List<List<String>> causeRows = new ArrayList<>();
        for (Instance i : instances) {
            causeRows.add(causes(i.name(), i.summary()));
        }
        causeRows.add(causes("all (merged)", merged));
        List<Lanes> lanes = new ArrayList<>();
        for (Instance i : instances) {
            RunModel m = i.model();
            double len = Math.max(1e-3, m.durationSeconds());
            lanes.add(new Lanes(i.name(), i.report(),
                    i.diagnosis().primaryCause() == null
                            ? "none (not enough data)"
                            : i.diagnosis().primaryCause(),
                    i.diagnosis().chainSentence(),
                    TimelineView.lanes(m.timeline(), m.startNanos(), len, TimelineView.LANE_HEIGHT),
                    "Lanes: the " + m.timeline().lanes().size() + " busiest worker threads"
                            + (m.timeline().lanesOmitted() > 0
                                    ? " (" + m.timeline().lanesOmitted() + " more not drawn)"
                                    : "")
                            + TimelineView.aggregation(m.timeline()) + "."));
        }
        return new Model(new Table(header, rows), new Table(causeHeader, causeRows), sentence, lanes);
    }

    private static List<String> row(String name, RunSummary s, String primary, Integer threads) {
        return List.of(name, s.requests() + " / " + s.clientSamples(), Fmt.num(s.throughputRps()) + " req/s",
                Fmt.pct(100 * s.errorRate()),
                Fmt.ms(s.client().p50Ms()) + " / " + Fmt.ms(s.client().p99Ms()),
                Fmt.ms(s.server().p50Ms()) + " / " + Fmt.ms(s.server().p99Ms()), Fmt.ms(s.poolWait().p99Ms()),
                s.cpuProcess() == null ? "n/a" : Fmt.pct(100 * s.cpuProcess()),
                primary == null ? "" : primary, threads == null ? "" : threads.toString());
    }

    private static List<String> causes(String name, RunSummary s) {
        List<String> r = new ArrayList<>(List.of(name));
        for (Cause c : Cause.ALL) {
            Double ms = s.serverMsByCause().get(c.id());
            r.add(ms == null ? "" : Fmt.ms(ms));
        }
        return r;
    }
}
