package dev.poolscope.cli.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The overhead bench's table: per mode, medians and ratios against no agent in the same round, with their spread. */
final class OverheadTable {

    private OverheadTable() {
    }

    static String of(List<OverheadMode> modes, List<OverheadSample> samples) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%nagent overhead: %d rounds, order rotated each round;"
                + " ratios are against no agent in the same round, median [min-max]%n",
                samples.stream().mapToInt(OverheadSample::round).max().orElse(0)));
        b.append(String.format(Locale.ROOT, "%-11s %9s %7s %22s %22s %10s %22s %10s %9s%n", "mode", "req/s",
                "p99 ms",
                "throughput ratio", "p99 ratio", "CPU ms/req", "CPU/request ratio", "heap MB", "agent CPU"));
        for (OverheadMode m : modes) {
            List<OverheadSample> mine = samples.stream().filter(s -> s.mode().equals(m.name())).toList();
            double[] tRatio = new double[mine.size()], pRatio = new double[mine.size()],
                    cRatio = new double[mine.size()];
            for (int i = 0; i < mine.size(); i++) {
                OverheadSample s = mine.get(i);
                OverheadSample base = samples.stream()
                        .filter(x -> x.mode().equals("none") && x.round() == s.round())
                        .findFirst()
                        .orElseThrow();
                tRatio[i] = s.throughput() / base.throughput();
                pRatio[i] = s.p99Ms() / Math.max(1, base.p99Ms());
                cRatio[i] = s.cpuMsPerRequest() / base.cpuMsPerRequest();
            }
            double[] agent = mine.stream().mapToDouble(OverheadSample::agentCpuShare)
                    .filter(v -> !Double.isNaN(v))
                    .toArray();
            b.append(String.format(Locale.ROOT, "%-11s %9.1f %7.0f %22s %22s %10.3f %22s %10.1f %9s%n",
                    m.name(),
                    median(mine.stream().mapToDouble(OverheadSample::throughput).toArray()),
                    median(mine.stream().mapToDouble(OverheadSample::p99Ms).toArray()), spread(tRatio),
                    spread(pRatio),
                    median(mine.stream().mapToDouble(OverheadSample::cpuMsPerRequest).toArray()),
                    spread(cRatio),
                    median(mine.stream().mapToDouble(OverheadSample::heapAfterGcBytes).toArray()) / 1e6,
                    agent.length == 0 ? "-" : share(median(agent))));
        }
        b.append("targets: throughput ratio >= 0.99 (jfr), >= 0.97 (full); p99 ratio <= 1.05;"
                + " heap <= +32 MB over none\n");
        b.append(
                "agent CPU: the agent's share of the app's CPU samples in the window, median (async-profiler's"
                        + " CPU timer; a lower bound; '-' without async-profiler)\n");
        List<OverheadSample> drifting = samples.stream()
                .filter(s -> !(Math.abs(s.drift() - 1) <= 0.05))
                .toList();
        if (!drifting.isEmpty()) {
            b.append(
                    "WARNING: not steady: throughput moved more than 5% between the halves of the measured window in ")
                    .append(drifting.stream()
                            .map(s -> String.format(Locale.ROOT, "round %d %s (x%.2f)", s.round(), s.mode(),
                                    s.drift()))
                            .toList())
                    .append("; a longer --settle may help\n");
        }
        long errors = samples.stream().mapToLong(OverheadSample::errors).sum();
        if (errors > 0) {
            b.append("WARNING: ").append(errors).append(" failed requests in the measured windows\n");
        }
        return b.toString();
    }

    private static String spread(double[] v) {
        if (v.length == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.3f [%.3f-%.3f]", median(v), min(v), max(v));
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }

    static String share(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }
}
