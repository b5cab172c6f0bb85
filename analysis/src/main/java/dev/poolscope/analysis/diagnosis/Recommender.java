package dev.poolscope.analysis.diagnosis;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Measured;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;
import dev.poolscope.analysis.rules.cpu.CpuSizing;
import dev.poolscope.analysis.rules.database.DatabaseSizing;
import dev.poolscope.analysis.rules.gc.GcPressureRule;
import dev.poolscope.analysis.rules.gc.HeapSizing;
import dev.poolscope.analysis.rules.lock.LockSizing;
import dev.poolscope.analysis.rules.pool.PoolSizing;
import dev.poolscope.analysis.rules.reactive.ReactiveSizing;
import dev.poolscope.analysis.rules.http.DownstreamLever;
import dev.poolscope.analysis.rules.redis.RedisLever;
import dev.poolscope.analysis.rules.vthreads.PinningLever;
import dev.poolscope.analysis.rules.vthreads.VirtualThreadPinningRule;
import dev.poolscope.analysis.rules.workers.WorkerPoolSaturatedRule;
import dev.poolscope.analysis.rules.workers.WorkerSizing;

/** Picks the recommendation that fits the primary cause; virtual-thread runs get no worker count. */
public final class Recommender {

    Recommendation recommend(RunModel run, String primary, CauseChain chain) {
        if (run.requests().isEmpty() || run.durationSeconds() <= 0) {
            return Recommendation.notAvailable("no requests");
        }
        Measured m = Measured.of(run);
        // The heap is the lever whatever runs the requests: platform or virtual threads, or event loops.
        if (GcPressureRule.ID.equals(primary)) {
            Recommendation heap = new HeapSizing().recommend(run);
            if (heap != null) {
                return heap;
            }
        }
        if (Facts.virtual(run)) {
            double pinned = run.serverTotal().totalNanos() == 0
                    ? 0
                    : 100.0 * run.process().pinnedNanos()
                            / (run.serverTotal().totalNanos() * run.requestScale());
            PinningLever pinning = new PinningLever();
            String pinnedAt = VirtualThreadPinningRule.ID.equals(primary) ? pinning.bound(run) : null;
            String bound = HealthyRule.ID.equals(primary)
                    ? Messages.format("recommend.virtual.nothing")
                    : pinnedAt != null ? pinnedAt : Messages.format("recommend.virtual.bound", primary);
            List<String> lines = new java.util.ArrayList<>(List.of(Messages.format("recommend.virtual.line",
                    m.coresText(), num(pinned), run.process().pinnedCount(), num(m.throughput()),
                    num(m.server() * 1000))));
            if (!run.process().pinnedSites().isEmpty()) {
                lines.add(pinning.line(run));
            }
            return new Recommendation("virtual", null, Messages.format("recommend.virtual.sentence", bound),
                    List.copyOf(lines));
        }
        // A database root on either stack: threads are not what requests wait for.
        if ("database-slow".equals(primary)) {
            return new DatabaseSizing().recommend(run, m);
        }
        if ("n-plus-one".equals(primary)) {
            return new DatabaseSizing().repeats(run, m);
        }
        if (run.reactive()) {
            return new ReactiveSizing().recommend(run, m, primary);
        }
        return switch (primary) {
            case "pool-starvation" -> new PoolSizing().recommend(run, m, chain.onChain("connection-held"));
            case "connection-held" -> holdsQueued(chain)
                    ? new PoolSizing().recommend(run, m, true)
                    : notThreads(primary);
            case "redis-slow" -> holdsQueued(chain)
                    ? new PoolSizing().recommend(run, m, true)
                    : new RedisLever().recommend(run);
            case "downstream-slow" -> holdsQueued(chain)
                    ? new PoolSizing().recommend(run, m, true)
                    : new DownstreamLever().recommend(run);
            case "cpu-oversubscription" -> new CpuSizing().recommend(run, m);
            case "lock-contention" -> new LockSizing().recommend(run, m);
            case "worker-pool-saturated" -> new WorkerSizing().recommend(m);
            case "backlog-queueing" -> freeWorkersTookNoPart(run)
                    ? new Recommendation("none", null, Messages.format("recommend.none.backlog",
                            num(WorkerPoolSaturatedRule.backlogMeanMs(run)), num(Facts.workersFullPct(run))),
                            List.of())
                    : new WorkerSizing().recommend(m);
            case "database-unreachable" -> new Recommendation("none", null,
                    Messages.format("recommend.none.database"), List.of());
            case HealthyRule.ID -> new Recommendation("none", null,
                    Messages.format("recommend.none.healthy", m.maxThreadsText()), List.of());
            default -> notThreads(primary);
        };
    }

    /**
     * Whether long holds made requests queue for connections: the chain runs through both connection-held and
     * pool-starvation. The pool sizing is only for that queue. Held connections with room in the pool cost requests
     * nothing but the work done while holding, and a pool-based thread count sized on rare holds is no lever (a Redis
     * get that reaches the database on a cache miss, 0.27 ms of hold per request, gave 4,001 threads).
     */
    private static boolean holdsQueued(CauseChain chain) {
        return chain.onChain("connection-held") && chain.onChain("pool-starvation");
    }

    /**
     * A queue in front of the server while workers were free is not the worker pool's: an acceptor hands a connection
     * to any idle worker at once. Below the saturation rule's info limit of samples with every worker busy, more
     * workers would stand idle too; the wait lies before the server (client, network, connection set-up, a machine
     * short of CPU). Without worker gauges nothing is known, and the sizing stays.
     */
    private static boolean freeWorkersTookNoPart(RunModel run) {
        return !run.pools().worker().isEmpty()
                && Facts.workersFullPct(run) < WorkerPoolSaturatedRule.WORKERS_FULL.info();
    }

    private static Recommendation notThreads(String primary) {
        return new Recommendation("none", null, Messages.format("recommend.none.other", primary), List.of());
    }
}
