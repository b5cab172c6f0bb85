package dev.poolscope.analysis.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.Distribution;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.recording.Events;

/** The headline numbers, computed once for the summary view and summary.json. */
public record RunSummary(double durationSeconds, long requests, long clientSamples, double throughputRps,
        double errorRate, Distribution client, Distribution server, Distribution poolWait, Distribution hold,
        Distribution backlog, Double cpuProcess, Double cpuMachine, Double contextSwitchesPerSecond,
        double gcPauseMsTotal, Long heapUsedMaxBytes, Long liveThreadsMax,
        Map<String, Double> serverMsByCause,
        Double workerRunDelayShare, Failures failures) {

    /** What failed on the server side: HTTP 5xx responses, Redis commands, and getConnection calls. */
    public record Failures(long server5xx, long redis, long connection) {
    }

    public static RunSummary of(RunModel run) {
        List<RequestTimeline> rs = run.requests();
        List<JtlSample> cs = run.client();
        double secs = run.durationSeconds();
        // Counts, throughput and error rates cover every request and sample, kept or not (see RunModel.Sampling).
        RunModel.Sampling all = run.sampling();
        long n = cs.isEmpty() ? all.requests() : all.clientSamples();
        double throughput = secs <= 0 ? 0 : n / (cs.isEmpty() ? secs : run.clientDurationSeconds());
        long errors = cs.isEmpty() ? all.serverErrors() : all.clientFailures();
        // Totals by cause: the kept requests' sums, scaled to all requests when they are a sample.
        double scale = run.requestScale();
        Map<String, Double> byCause = new LinkedHashMap<>();
        for (Cause c : Cause.ALL) {
            byCause.put(c.id(),
                    scale == 1 ? run.serverTotal().millis(c) : run.serverTotal().millis(c) * scale);
        }
        return new RunSummary(secs, all.requests(), all.clientSamples(), throughput,
                n == 0 ? 0 : (double) errors / n,
                Distribution.ofNanos(cs.stream().mapToLong(s -> s.elapsedMillis() * 1_000_000L).toArray()),
                Distribution.ofNanos(rs.stream().mapToLong(RequestTimeline::serverNanos).toArray()),
                Distribution.ofNanos(rs.stream().mapToLong(RequestTimeline::poolWaitNanos).toArray()),
                Distribution.ofNanos(rs.stream().mapToLong(RequestTimeline::holdNanos).toArray()),
                Distribution.ofNanos(rs.stream().filter(r -> r.client() != null)
                        .mapToLong(RequestTimeline::backlogNanos).toArray()),
                mean(run.process().cpuLoad().stream().mapToDouble(c -> c.jvmUser() + c.jvmSystem())),
                mean(run.process().cpuLoad().stream().mapToDouble(Events.CpuLoad::machineTotal)),
                mean(run.process().contextSwitches().stream()
                        .mapToDouble(Events.ContextSwitchRate::switchesPerSecond)),
                run.process().gcPauseNanos() / 1e6,
                run.process().heap().stream().mapToLong(Events.HeapSummary::heapUsedBytes).boxed()
                        .max(Long::compare).orElse(null),
                run.process().threadCounts().stream().mapToLong(Events.ThreadCount::active).boxed()
                        .max(Long::compare).orElse(null),
                Map.copyOf(byCause), run.workers().threads() == 0 ? null : run.workers().runDelayShare(),
                new Failures(all.serverErrors(), run.redis().failures(),
                        run.pools().connectionWaitFailures()));
    }

    private static Double mean(java.util.stream.DoubleStream s) {
        var avg = s.filter(d -> !Double.isNaN(d)).average();
        return avg.isPresent() ? avg.getAsDouble() : null;
    }
}
