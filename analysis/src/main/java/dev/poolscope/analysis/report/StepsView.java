package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.Breakdown;
import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.StepProfile;

/** View 3: Scouter-style step profiles of the slowest requests, Scouter's T-GAP beside poolscope's explanation. */
final class StepsView {
    public record Profile(String title, Table steps) {
    }

    List<Profile> build(RunModel run) {
        List<Profile> out = new ArrayList<>();
        for (StepProfile p : run.slowest()) {
            var r = p.request();
            List<List<String>> rows = new ArrayList<>();
            for (StepProfile.Step s : p.steps()) {
                rows.add(List.of(Plot.tick(s.offsetNanos() / 1e6), s.name(), s.detail(),
                        s.durationNanos() == 0 ? "" : Plot.tick(s.durationNanos() / 1e6),
                        Plot.tick(s.scouterGapNanos() / 1e6),
                        s.cpuNanos() < 0 ? "n/a" : Plot.tick(s.cpuNanos() / 1e6),
                        explain(s.gap())));
            }
            String title = r.method() + " " + r.uri() + "  id=" + r.requestId() + "  thread=" + r.threadName()
                    + "  server " + Fmt.ms(r.serverMillis())
                    + (r.client() == null ? "" : "  client " + r.client().elapsedMillis() + " ms");
            out.add(new Profile(title, new Table(List.of("start ms", "step", "detail", "TIME ms",
                    "Scouter T-GAP ms", "CPU ms", "poolscope: the T-GAP interval split by cause"), rows)));
        }
        return out;
    }

    static String explain(Breakdown b) {
        long total = b.totalNanos();
        if (total == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (Cause c : Cause.ALL) {
            long n = b.nanos(c);
            if (n > 0 && n * 100 >= total) {
                if (!sb.isEmpty()) {
                    sb.append(", ");
                }
                sb.append(c.label()).append(' ').append(Plot.tick(n / 1e6)).append(" ms");
            }
        }
        return sb.toString();
    }
}
