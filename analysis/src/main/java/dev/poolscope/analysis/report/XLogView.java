package dev.poolscope.analysis.report;

import java.util.List;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;

/** View 2: Scouter's XLog, each request a dot at (end time, elapsed); errors red. Sampled down above a cap. */
final class XLogView {
    static final int MAX_POINTS = 20_000;

    public record Model(Plot client, Plot server, String note) {
    }

    Model build(RunModel run) {
        double t0 = run.startNanos() / 1e9;
        double len = Math.max(1e-3, run.durationSeconds());
        List<JtlSample> cs = run.client();
        List<RequestTimeline> rs = run.requests();
        Plot client = null;
        if (!cs.isEmpty()) {
            double max = cs.stream().mapToLong(JtlSample::elapsedMillis).max().orElse(1);
            client = new Plot(900, 260, 0, len, 0, max * 1.05).axes("seconds since start (sample end)", "ms");
            int stride = Math.max(1, (cs.size() + MAX_POINTS - 1) / MAX_POINTS);
            for (int i = 0; i < cs.size(); i++) {
                JtlSample s = cs.get(i);
                if (i % stride == 0 || !s.success()) {
                    client.dot(s.endMillis() / 1e3 - t0, s.elapsedMillis(),
                            s.success() ? "#1f77b4" : "#d62728",
                            s.label() + " " + s.elapsedMillis() + " ms id=" + s.requestId());
                }
            }
            client.legend("ok", "#1f77b4");
            client.legend("error", "#d62728");
        }
        Plot server = null;
        if (!rs.isEmpty()) {
            double max = rs.stream().mapToDouble(RequestTimeline::serverMillis).max().orElse(1);
            server = new Plot(900, 260, 0, len, 0, max * 1.05).axes("seconds since start (request end)",
                    "ms");
            int stride = Math.max(1, (rs.size() + MAX_POINTS - 1) / MAX_POINTS);
            for (int i = 0; i < rs.size(); i++) {
                RequestTimeline r = rs.get(i);
                if (i % stride == 0 || r.error()) {
                    server.dot(r.endNanos() / 1e9 - t0, r.serverMillis(), r.error() ? "#d62728" : "#2ca02c",
                            r.method() + " " + r.uri() + " " + Fmt.ms(r.serverMillis()) + " id="
                                    + r.requestId());
                }
            }
            server.legend("ok", "#2ca02c");
            server.legend("error", "#d62728");
        }
        int n = Math.max(cs.size(), rs.size());
        String note = n > MAX_POINTS
                ? "Sampled: every " + Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS)
                        + "th request is drawn (about " + MAX_POINTS + " points), plus every error."
                : "Every request is drawn (" + n + ").";
        return new Model(client, server, note);
    }
}
