package dev.poolscope.analysis.rules;

import java.util.function.Predicate;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.WorkerOccupancy;
import dev.poolscope.analysis.recording.Events;

/** Derived numbers several rules share. */
public final class Facts {
    private Facts() {
    }

    /** Percent of all requests' server time attributed to {@code cause}. */
    public static double sharePct(RunModel run, Cause cause) {
        long total = run.serverTotal().totalNanos();
        return total == 0 ? 0 : 100.0 * run.serverTotal().nanos(cause) / total;
    }

    public static double meanMs(RunModel run, Cause cause) {
        return run.requests().isEmpty() ? 0 : run.serverTotal().nanos(cause) / 1e6 / run.requests().size();
    }

    /** Percent of Hikari gauge samples where every connection was out and threads were waiting. */
    public static double saturatedGaugePct(RunModel run) {
        return hikariPct(run, h -> h.waiting() > 0 && h.active() >= Math.max(1, h.max()));
    }

    /** Percent of Hikari gauge samples where every connection was out, waiters or not; 0 without gauges. */
    public static double poolFullPct(RunModel run) {
        return hikariPct(run, h -> h.active() >= Math.max(1, h.max()));
    }

    private static double hikariPct(RunModel run, Predicate<Events.HikariPoolGauge> which) {
        var g = run.pools().hikari();
        return g.isEmpty() ? 0 : 100.0 * g.stream().filter(which).count() / g.size();
    }

    /**
     * Server time in waits that need no CPU inside connection holds while every connection was out (the holds' such
     * waits, in the share of pool samples with the pool full): time the pool, not the threads, bounded, for no other
     * thread could have had a connection to overlap it with.
     */
    public static long poolBoundNanos(RunModel run) {
        return Math.round(run.overlaps().holdIndependentNanos() * poolFullPct(run) / 100);
    }

    /** {@link #poolBoundNanos} as a percent of server time. */
    public static double poolBoundPct(RunModel run) {
        long total = run.serverTotal().totalNanos();
        return total == 0 ? 0 : 100.0 * poolBoundNanos(run) / total;
    }

    public static int maxWaiting(RunModel run) {
        return run.pools().hikari().stream().mapToInt(h -> h.waiting()).max().orElse(0);
    }

    /** Percent of worker-pool gauge samples with every worker busy. */
    public static double workersFullPct(RunModel run) {
        return WorkerOccupancy.of(run).fullPct();
    }

    public static double maxMachineCpu(RunModel run) {
        return run.process().cpuLoad().stream().mapToDouble(c -> c.machineTotal())
                .filter(d -> !Double.isNaN(d))
                .max().orElse(Double.NaN);
    }

    public static double meanMachineCpu(RunModel run) {
        return run.process().cpuLoad().stream().mapToDouble(c -> c.machineTotal())
                .filter(d -> !Double.isNaN(d))
                .average().orElse(Double.NaN);
    }

    /** This JVM's mean CPU (user and system) as a fraction of the machine's, NaN without jdk.CPULoad samples. */
    public static double meanJvmCpu(RunModel run) {
        return run.process().cpuLoad().stream().mapToDouble(c -> c.jvmUser() + c.jvmSystem())
                .filter(d -> !Double.isNaN(d))
                .average().orElse(Double.NaN);
    }

    /**
     * Every other process's mean CPU as a fraction of the machine's: each sample's machine total less this JVM's
     * (never below 0: the two are read at slightly different instants), NaN without samples of both.
     */
    public static double meanOtherCpu(RunModel run) {
        return run.process().cpuLoad().stream()
                .mapToDouble(c -> Math.max(0, c.machineTotal() - c.jvmUser() - c.jvmSystem()))
                .filter(d -> !Double.isNaN(d))
                .average().orElse(Double.NaN);
    }

    /** Whether other processes used more of the machine's CPU than this JVM; false when either is unknown. */
    public static boolean othersTookMoreCpu(double jvm, double others) {
        return !Double.isNaN(jvm) && !Double.isNaN(others) && others > jvm;
    }

    public static boolean hasRequests(RunModel run) {
        return !run.requests().isEmpty();
    }

    /** Requests ran on virtual threads: the knob says so, or the request threads were virtual. */
    public static boolean virtual(RunModel run) {
        return Boolean.TRUE.equals(run.metadata().virtualThreads());
    }
}
