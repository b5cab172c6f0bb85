package dev.poolscope.analysis.rules.workers;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.WorkerPoolEvent;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Measured;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * The worker pool itself is the bottleneck: every worker busy, requests queueing in front of the pool, and the
 * workers' time going to waits that need no CPU (sleep, socket I/O, Redis, the database) rather than to CPU or to
 * queueing on a pool or a lock. More workers (or virtual threads) would serve more requests at once; when the
 * workers are busy on CPU instead, it is CPU-bound and this rule stays low. Waits inside connection holds while every
 * connection was out do not count: another worker could not have had a connection to overlap them with, so the pool,
 * not the workers, bounded them (the 16-thread runs of the main sweep: 16 workers, 10 connections, the checkout's
 * 100-ms statement inside each hold).
 */
public final class WorkerPoolSaturatedRule implements Rule {
    /** Busy workers block arrivals only when all of them are busy: at half the samples queueing is routine. */
    public static final Threshold WORKERS_FULL = new Threshold("samples with every worker busy", 25, 50,
            Unit.PERCENT);
    /** Same limits as backlog-queueing: below a few ms a client's time in front of the server is connect cost. */
    static final Threshold BACKLOG_MEAN = BacklogQueueingRule.BACKLOG_MEAN;
    /** When most of a worker's time needs no CPU, a thread per waiting request costs memory, not CPU. */
    static final Threshold BLOCKING_SHARE = new Threshold("blocking waits share of server time", 25, 50,
            Unit.PERCENT);

    @Override
    public String id() {
        return "worker-pool-saturated";
    }

    @Override
    public List<String> requires() {
        return List.of(RequestEvent.NAME, WorkerPoolEvent.NAME,
                RunFolder.RESULTS_JTL_PATH + " with requestId");
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(WORKERS_FULL, BACKLOG_MEAN, BLOCKING_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        if (!Facts.hasRequests(run)) {
            return notEnoughData("no " + RequestEvent.NAME + " events");
        }
        // A virtual thread per request: there is no worker pool to saturate.
        if (Facts.virtual(run)) {
            return result(0, "virtual", List.of());
        }
        // Event loops, not workers, serve requests on the reactive stack: never send anyone to "more workers".
        if (run.reactive()) {
            return result(0, "netty", List.of());
        }
        // Can we tell how busy the workers were?
        Double full = fullPct(run);
        if (full == null) {
            return notEnoughData("no " + WorkerPoolEvent.NAME + " gauges and no configured worker count");
        }
        // Did requests queue in front of the server?
        if (run.join().matched() == 0) {
            return notEnoughData("no JMeter sample matched a server request by request id");
        }
        double backlog = backlogMeanMs(run);
        double blocking = blockingPct(run);
        List<Evidence> ev = List.of(new Evidence("samples with every worker busy", full, Unit.PERCENT),
                new Evidence("mean backlog per request", backlog, Unit.MILLISECONDS),
                new Evidence("blocking waits share of server time", blocking, Unit.PERCENT));
        int score = Math.min(WORKERS_FULL.score(full),
                Math.min(BACKLOG_MEAN.score(backlog), BLOCKING_SHARE.score(blocking)));
        Integer max = run.metadata().maxThreads();
        double poolBound = Facts.poolBoundPct(run);
        String notCounted = poolBound >= 0.05
                ? " " + Messages.format("worker-pool-saturated.poolbound", num(poolBound),
                        num(Facts.poolFullPct(run)))
                : "";
        return result(score, score < 25 ? "ok" : "found", ev, max == null ? "?" : max, num(full),
                num(backlog),
                num(blocking), notCounted);
    }

    @Override
    public List<Link> explains(RunModel run) {
        return List.of(new Link(id(), "backlog-queueing", blockingPct(run) / 100));
    }

    @Override
    public String headline(RunModel run) {
        Double full = fullPct(run);
        return shortText(full == null ? "?" : num(full), num(blockingPct(run)));
    }

    /** Percent of gauge samples with every worker busy; from Little's law when the server has no gauge. */
    static Double fullPct(RunModel run) {
        if (!run.pools().worker().isEmpty()) {
            return Facts.workersFullPct(run);
        }
        Integer max = run.metadata().maxThreads();
        if (max == null || max <= 0 || run.durationSeconds() <= 0) {
            return null;
        }
        double busy = run.requests().stream().mapToLong(RequestTimeline::serverNanos).sum()
                * run.requestScale() / 1e9
                / run.durationSeconds();
        return busy >= max * 0.95 ? 100.0 : 0.0;
    }

    /** Percent of server time in waits more workers could overlap ({@link Measured#overlappableNanos}). */
    public static double blockingPct(RunModel run) {
        long total = run.serverTotal().totalNanos();
        return total == 0 ? 0 : 100.0 * Measured.overlappableNanos(run) / total;
    }

    public static double backlogMeanMs(RunModel run) {
        long sum = 0;
        long n = 0;
        for (RequestTimeline r : run.requests()) {
            if (r.client() != null) {
                sum += r.backlogNanos();
                n++;
            }
        }
        return n == 0 ? 0 : sum / 1e6 / n;
    }
}
