package dev.poolscope.analysis.rules;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SteadyState;

/**
 * The per-request numbers every sizing formula starts from, in seconds. Queueing (pool wait, lock wait, run delay)
 * is kept apart from {@code independentWaits}: the waits that do not queue on a shared resource of this process
 * (Redis replies, database, sleeps, socket I/O) and so are the W of Goetz's formula; {@code overlappableWaits}: the
 * part of them more threads could overlap ({@link #overlappableNanos}). {@code burst}: the clients
 * sent every request at once ({@link SteadyState.Status#BURST}). {@code offeredLevel}: the offered concurrency is the
 * median second's clients with a request outstanding; else the clients' time summed over the window.
 */
public record Measured(double throughput, double server, double poolWait, double hold, double cpu,
        double runDelay,
        double lockWait, double gc, double unexplained, double independentWaits, double overlappableWaits,
        Integer poolSize,
        Integer cores,
        Integer maxThreads, double clientMean, double offeredConcurrency, boolean offeredLevel, int clients,
        boolean burst) {

    public static Measured of(RunModel run) {
        int n = run.requests().size();
        double x = throughput(run);
        double s = run.requests().stream().mapToLong(RequestTimeline::serverNanos).average().orElse(0) / 1e9;
        double w = run.requests().stream().mapToLong(RequestTimeline::poolWaitNanos).average().orElse(0)
                / 1e9;
        double h = run.requests().stream().mapToLong(RequestTimeline::holdNanos).average().orElse(0) / 1e9;
        double cpu = perRequest(run, Cause.CPU, n);
        double runDelay = perRequest(run, Cause.RUN_DELAY, n);
        double lock = perRequest(run, Cause.LOCK_WAIT, n);
        double gc = perRequest(run, Cause.GC_PAUSE, n);
        double unexplained = perRequest(run, Cause.UNEXPLAINED, n);
        double independent = n == 0 ? 0 : independentNanos(run) / 1e9 / n;
        double overlappable = n == 0 ? 0 : overlappableNanos(run) / 1e9 / n;
        RunModel.ClientTotals t = run.clientTotals();
        int clients = t.threads();
        double clientMean = run.client().isEmpty() ? Double.NaN : t.seconds() / run.client().size();
        boolean level = !run.client().isEmpty() && !Double.isNaN(run.sampling().clientsOutstanding());
        double offered = level
                ? run.sampling().clientsOutstanding()
                : run.client().isEmpty() || run.clientSendSeconds(t) <= 0
                        ? Double.NaN
                        : t.seconds() * run.clientScale() / run.clientSendSeconds(t);
        return new Measured(x, s, w, h, cpu, runDelay, lock, gc, unexplained, independent, overlappable,
                poolSize(run),
                run.metadata().availableProcessors(), run.metadata().maxThreads(), clientMean, offered, level,
                clients, run.steady().status() == SteadyState.Status.BURST);
    }

    /**
     * Server time in waits that do not queue here, in total ({@link Cause#INDEPENDENT}: Redis, outbound HTTP, the
     * database, sleeps, socket I/O).
     */
    public static long independentNanos(RunModel run) {
        var t = run.serverTotal();
        long sum = 0;
        for (Cause c : Cause.INDEPENDENT) {
            sum += t.nanos(c);
        }
        return sum;
    }

    /**
     * Of {@link #independentNanos}, what more threads could overlap: not the waits inside connection holds while
     * every connection was out ({@link Facts#poolBoundNanos}), which no further thread had a connection for.
     */
    public static long overlappableNanos(RunModel run) {
        return Math.max(0, independentNanos(run) - Facts.poolBoundNanos(run));
    }

    public static double throughput(RunModel run) {
        if (run.durationSeconds() <= 0) {
            return 0;
        }
        return run.hasClient()
                ? run.sampling().clientSamples() / run.clientDurationSeconds()
                : run.requestCount() / run.durationSeconds();
    }

    private static double perRequest(RunModel run, Cause c, int n) {
        return n == 0 ? 0 : run.serverTotal().nanos(c) / 1e9 / n;
    }

    public static Integer poolSize(RunModel run) {
        Integer fromMeta = run.metadata().maximumPoolSize();
        if (fromMeta != null) {
            return fromMeta;
        }
        java.util.OptionalInt m = run.pools().hikari().stream().mapToInt(g -> g.max()).filter(v -> v > 0)
                .max();
        return m.isPresent() ? m.getAsInt() : null;
    }

    /** Server time a request would take with no queueing in this process: pool, lock and CPU waits removed. */
    public double serverWithoutQueueing() {
        return Math.max(0, server - poolWait - lockWait - runDelay);
    }

    public String coresText() {
        return cores == null ? "?" : cores.toString();
    }

    public String maxThreadsText() {
        return maxThreads == null ? "?" : maxThreads.toString();
    }
}
