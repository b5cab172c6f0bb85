package dev.poolscope.analysis.report;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import dev.poolscope.analysis.model.RunModel;

/**
 * The headline numbers of a service run as several instances. Requests, samples, latency and server time come from
 * the merged model (every request of every instance, every client sample); the per-JVM signals combine the
 * instances' own: the service's CPU is the sum of the JVMs' (each a share of the one machine), machine CPU and context
 * switches (machine-wide, measured by each JVM) are their mean, GC pauses and failures add up, heap is the largest
 * JVM's and live threads add up.
 */
public final class InstanceSummary {

    private InstanceSummary() {
    }

    public static RunSummary of(RunModel merged, List<RunSummary> instances) {
        RunSummary m = RunSummary.of(merged);
        return new RunSummary(m.durationSeconds(), m.requests(), m.clientSamples(), m.throughputRps(),
                m.errorRate(), m.client(), m.server(), m.poolWait(), m.hold(), m.backlog(),
                sum(instances, RunSummary::cpuProcess), mean(instances, RunSummary::cpuMachine),
                mean(instances, RunSummary::contextSwitchesPerSecond),
                instances.stream().mapToDouble(RunSummary::gcPauseMsTotal).sum(),
                instances.stream().map(RunSummary::heapUsedMaxBytes).filter(Objects::nonNull)
                        .max(Long::compare).orElse(null),
                instances.stream().map(RunSummary::liveThreadsMax).filter(Objects::nonNull)
                        .reduce(Long::sum).orElse(null),
                m.serverMsByCause(), m.workerRunDelayShare(),
                new RunSummary.Failures(m.failures().server5xx(),
                        instances.stream().mapToLong(s -> s.failures().redis()).sum(),
                        instances.stream().mapToLong(s -> s.failures().connection()).sum()));
    }

    private static Double sum(List<RunSummary> s, Function<RunSummary, Double> f) {
        List<Double> v = s.stream().map(f).filter(Objects::nonNull).toList();
        return v.isEmpty() ? null : v.stream().mapToDouble(Double::doubleValue).sum();
    }

    private static Double mean(List<RunSummary> s, Function<RunSummary, Double> f) {
        List<Double> v = s.stream().map(f).filter(Objects::nonNull).toList();
        return v.isEmpty() ? null : v.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    }
}
