package dev.poolscope.analysis.rules.reactive;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SchedTotals;
import dev.poolscope.format.event.LoopStallEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * Event loops busy on CPU with requests queued behind them: each loop is one thread, so when it is busy (on CPU, or
 * runnable and waiting for one) nearly all the time, the requests it owns wait their turn. Busy share comes from the
 * loops' schedstat; queueing from requests' time behind other requests' long tasks on their loop.
 */
public final class EventLoopSaturatedRule implements Rule {
    public static final String ID = "event-loop-saturated";
    /**
     * A loop is a single server: in an M/M/1 queue the wait is ρ / (1 − ρ) times the service time, 2.3× at 70% busy
     * and 9× at 90%.
     */
    static final Threshold BUSY = new Threshold("event-loop busy share (CPU + run delay)", 70, 90,
            Unit.PERCENT);
    /** Same limits as pool wait: what the queueing cost requests. */
    static final Threshold QUEUE_SHARE = new Threshold("event-loop queueing share of server time", 10, 30,
            Unit.PERCENT);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<String> requires() {
        return List.of(RequestEvent.NAME + " (server=netty)", ThreadSchedStatEvent.NAME + " of the loops",
                LoopStallEvent.NAME);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(BUSY, QUEUE_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Did the requests run on event loops at all?
        if (!run.reactive()) {
            return notEnoughData("not the reactive stack: requests ran on worker threads, not event loops");
        }
        // How busy the loops were needs their schedstat.
        SchedTotals w = run.workers();
        if (w.threads() == 0 || w.spanNanos() == 0) {
            return notEnoughData("no " + ThreadSchedStatEvent.NAME + " for the event loops (Linux only)");
        }
        double busy = busyPct(run);
        double queue = EventLoopBlockedRule.queueSharePct(run);
        double queueMs = run.requests().isEmpty()
                ? 0
                : run.loops().queueBehindCpuNanos() / 1e6 / run.requests().size();
        List<Evidence> ev = List.of(
                new Evidence("event-loop busy share (CPU + run delay)", busy, Unit.PERCENT),
                new Evidence("event-loop CPU share", 100.0 * w.cpuNanos() / w.spanNanos(), Unit.PERCENT),
                new Evidence("event-loop queueing share of server time", queue, Unit.PERCENT),
                new Evidence("queued behind on-CPU loop tasks per request", queueMs, Unit.MILLISECONDS),
                new Evidence("event loops", w.threads(), Unit.THREADS));
        int score = Math.min(BUSY.score(busy), QUEUE_SHARE.score(queue));
        String cores = run.metadata().availableProcessors() == null
                ? "?"
                : run.metadata().availableProcessors().toString();
        if (score < 25) {
            return result(score, "ok", ev, w.threads(), num(busy), num(queue));
        }
        return result(score, "found", ev, w.threads(), cores, num(busy),
                num(100.0 * w.cpuNanos() / w.spanNanos()),
                num(queue), num(queueMs));
    }

    /**
     * The loops are the request threads here: their CPU demand is the run queue, and busy loops accept and read
     * nothing new, so their busy share explains that share of the backlog.
     */
    @Override
    public List<Link> explains(RunModel run) {
        double busy = run.workers().spanNanos() == 0 ? 0 : busyPct(run) / 100;
        return List.of(new Link(id(), "cpu-oversubscription", busy),
                new Link(id(), "backlog-queueing", busy));
    }

    @Override
    public String headline(RunModel run) {
        return shortText(num(busyPct(run)), num(EventLoopBlockedRule.queueSharePct(run)));
    }

    /** Percent of the loops' time on CPU or runnable waiting for one. */
    static double busyPct(RunModel run) {
        SchedTotals w = run.workers();
        return w.spanNanos() == 0
                ? 0
                : Math.min(100, 100.0 * (w.cpuNanos() + w.runDelayNanos()) / w.spanNanos());
    }
}
