package dev.poolscope.analysis.report;

import java.util.List;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;

/**
 * View 2: Scouter's XLog, each request a dot at (end time, elapsed); errors red. Above {@link #MAX_POINTS} per chart
 * the points are thinned (errors first) and the note says how many of how many are drawn: each dot costs about
 * 120 bytes of report, and 900 pixels of width are saturated long before.
 */
final class XLogView {
    static final int MAX_POINTS = 5_000;

    public record Model(Plot client, Plot server, String note) {
    }

    Model build(RunModel run) {
        double t0 = run.startNanos() / 1e9;
        double len = Math.max(1e-3, run.durationSeconds());
        List<JtlSample> cs = run.client();
        List<RequestTimeline> rs = run.requests();
        List<String> notes = new java.util.ArrayList<>();
        Plot client = null;
        if (!cs.isEmpty()) {
            double max = cs.stream().mapToLong(JtlSample::elapsedMillis).max().orElse(1);
            client = new Plot(900, 260, 0, len, 0, max * 1.05).axes("seconds since start (sample end)", "ms");
            Thinning thin = Thinning.of(cs.size(), (int) cs.stream().filter(s -> !s.success()).count(),
                    MAX_POINTS);
            for (JtlSample s : cs) {
                if (thin.keep(!s.success())) {
                    client.dot(s.endMillis() / 1e3 - t0, s.elapsedMillis(),
                            s.success() ? "#1f77b4" : "#d62728",
                            s.label() + " " + s.elapsedMillis() + " ms id=" + s.requestId());
                }
            }
            client.legend("ok", "#1f77b4");
            client.legend("error", "#d62728");
            notes.add(thin.describe("Client"));
        }
        Plot server = null;
        if (!rs.isEmpty()) {
            double max = rs.stream().mapToDouble(RequestTimeline::serverMillis).max().orElse(1);
            server = new Plot(900, 260, 0, len, 0, max * 1.05).axes("seconds since start (request end)",
                    "ms");
            Thinning thin = Thinning.of(rs.size(), (int) rs.stream().filter(RequestTimeline::error).count(),
                    MAX_POINTS);
            for (RequestTimeline r : rs) {
                if (thin.keep(r.error())) {
                    server.dot(r.endNanos() / 1e9 - t0, r.serverMillis(), r.error() ? "#d62728" : "#2ca02c",
                            r.method() + " " + r.uri() + " " + Fmt.ms(r.serverMillis()) + " id="
                                    + r.requestId());
                }
            }
            server.legend("ok", "#2ca02c");
            server.legend("error", "#d62728");
            notes.add(thin.describe("Server"));
        }
        String note = notes.isEmpty() ? "No requests." : String.join("; ", notes) + ".";
        return new Model(client, server, note);
    }
}
