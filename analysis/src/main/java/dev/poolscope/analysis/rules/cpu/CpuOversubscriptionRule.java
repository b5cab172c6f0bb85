package dev.poolscope.analysis.rules.cpu;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SchedTotals;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;
import dev.poolscope.analysis.rules.redis.RedisSlowRule;

/**
 * More runnable threads than CPUs: worker run delay (schedstat field 2) large next to their CPU time. On virtual
 * threads, which have no schedstat of their own, their carriers': a ready virtual thread needs a carrier, and a carrier
 * waiting for a CPU holds up the virtual thread mounted on it and every one queued for it.
 */
public final class CpuOversubscriptionRule implements Rule {
    static final Threshold RUN_DELAY_SHARE = new Threshold("run delay / (CPU + run delay) of workers", 10, 30,
            Unit.PERCENT);
    /** What the waiting cost requests: a crowded run queue matters only when requests spend their time in it. */
    static final Threshold SERVER_TIME_SHARE = new Threshold("runnable-not-scheduled share of server time", 5,
            20,
            Unit.PERCENT);
    /**
     * What the waiting cost each request in time: a run-queue wait below about a millisecond is the ordinary cost of
     * sharing a CPU (the scheduler's own minimum slice is of that order), invisible to a client, however large a
     * share of a sub-millisecond request it is; 10 ms is a whole scheduling period on a small machine, a wait a
     * client sees.
     */
    static final Threshold RUN_DELAY_PER_REQUEST = new Threshold("mean run delay per request", 1, 10,
            Unit.MILLISECONDS);

    /** The carriers' run delay against the time they wanted a CPU: the workers' measure, on the carriers. */
    static final Threshold CARRIER_RUN_DELAY_SHARE = new Threshold(
            "run delay / (CPU + run delay) of the virtual threads' carriers", 10, 30, Unit.PERCENT);
    /**
     * Each second a carrier waits for a CPU is a second of the virtual-thread scheduler's capacity gone: the share of
     * their time, at the levels of the share of server time.
     */
    static final Threshold CARRIER_TIME_SHARE = new Threshold(
            "share of the carriers' time spent waiting for a CPU",
            5, 20, Unit.PERCENT);
    /**
     * What the carriers' waiting cost the requests is measured only where a virtual thread's wait had a known end (a
     * sleep, a timeout) and ran past it: without any such wait, the carriers' measures alone may explain a finding
     * but not be one (below the primary cause's 50).
     */
    static final int UNMEASURED_COST_CAP = 49;

    @Override
    public String id() {
        return "cpu-oversubscription";
    }

    @Override
    public List<String> requires() {
        return List.of(ThreadSchedStatEvent.NAME, JdkTypes.CPU_LOAD);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(RUN_DELAY_SHARE, SERVER_TIME_SHARE, RUN_DELAY_PER_REQUEST, CARRIER_RUN_DELAY_SHARE,
                CARRIER_TIME_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        SchedTotals w = run.workers();
        // Without per-thread schedstat, run delay is invisible to JFR: say so rather than guess from CPU load.
        if (onCarriers(run)) {
            return onCarriers(run, run.carriers());
        }
        if (w.threads() == 0) {
            return notEnoughData("no " + ThreadSchedStatEvent.NAME + " for the worker threads (Linux only)");
        }
        double share = 100 * w.runDelayShare();
        double perSecond = w.runDelayPerSecond();
        double cpu = Facts.maxMachineCpu(run);
        double jvm = Facts.meanJvmCpu(run);
        double others = Facts.meanOtherCpu(run);
        double invol = w.spanNanos() == 0 ? 0 : w.involuntarySwitches() / (w.spanNanos() / 1e9 / w.threads());
        List<Evidence> ev = List.of(new Evidence("worker run delay share", share, Unit.PERCENT),
                new Evidence("worker run delay per second", perSecond * 1000, Unit.MILLISECONDS),
                new Evidence("run delay share of server time", Facts.sharePct(run, Cause.RUN_DELAY),
                        Unit.PERCENT),
                new Evidence("machine CPU max", Double.isNaN(cpu) ? -1 : cpu * 100, Unit.PERCENT),
                new Evidence("worker involuntary switches", invol, Unit.PER_SECOND),
                new Evidence("mean run delay per request", Facts.meanMs(run, Cause.RUN_DELAY),
                        Unit.MILLISECONDS),
                new Evidence("this JVM's CPU mean", Double.isNaN(jvm) ? -1 : jvm * 100, Unit.PERCENT),
                new Evidence("other processes' CPU mean", Double.isNaN(others) ? -1 : others * 100,
                        Unit.PERCENT));
        double serverShare = Facts.sharePct(run, Cause.RUN_DELAY);
        int score = Math.min(Math.min(RUN_DELAY_SHARE.score(share), SERVER_TIME_SHARE.score(serverShare)),
                RUN_DELAY_PER_REQUEST.score(Facts.meanMs(run, Cause.RUN_DELAY)));
        if (score < 25) {
            return result(score, "ok", ev, num(share), w.threads(), num(serverShare));
        }
        return result(score, "found", ev, num(share), w.threads(), num(perSecond),
                Double.isNaN(cpu) ? "?" : num(cpu * 100), num(Facts.sharePct(run, Cause.RUN_DELAY)),
                shared(jvm, others));
    }

    /** Requests ran on virtual threads (no worker has schedstat) and the agent tracked their carriers. */
    private static boolean onCarriers(RunModel run) {
        return run.workers().threads() == 0 && run.carriers().threads() > 0;
    }

    /** Requests on virtual threads: the carriers' run delay, against the time they wanted a CPU and all their time. */
    private RuleResult onCarriers(RunModel run, SchedTotals c) {
        double share = 100 * c.runDelayShare();
        double waiting = 100 * c.waitingShare();
        double cpu = Facts.maxMachineCpu(run);
        double jvm = Facts.meanJvmCpu(run);
        double others = Facts.meanOtherCpu(run);
        // On virtual threads the requests' run delay is only the part of their sleeps and timeouts past due.
        boolean costMeasured = run.serverTotal().nanos(Cause.RUN_DELAY) > 0;
        double serverShare = Facts.sharePct(run, Cause.RUN_DELAY);
        double perRequest = Facts.meanMs(run, Cause.RUN_DELAY);
        List<Evidence> ev = List.of(new Evidence("carrier run delay share", share, Unit.PERCENT),
                new Evidence("share of the carriers' time waiting for a CPU", waiting, Unit.PERCENT),
                new Evidence("carrier threads", c.threads(), Unit.THREADS),
                new Evidence("run delay share of server time", serverShare, Unit.PERCENT),
                new Evidence("mean run delay per request", perRequest, Unit.MILLISECONDS),
                new Evidence("machine CPU max", Double.isNaN(cpu) ? -1 : cpu * 100, Unit.PERCENT),
                new Evidence("this JVM's CPU mean", Double.isNaN(jvm) ? -1 : jvm * 100, Unit.PERCENT),
                new Evidence("other processes' CPU mean", Double.isNaN(others) ? -1 : others * 100,
                        Unit.PERCENT));
        int carriers = Math.min(CARRIER_RUN_DELAY_SHARE.score(share), CARRIER_TIME_SHARE.score(waiting));
        int score = costMeasured
                ? Math.min(carriers,
                        Math.min(SERVER_TIME_SHARE.score(serverShare),
                                RUN_DELAY_PER_REQUEST.score(perRequest)))
                : Math.min(carriers, UNMEASURED_COST_CAP);
        // A leading space would not survive the message file.
        String cost = " " + (costMeasured
                ? Messages.format("cpu-oversubscription.carriers.cost", num(perRequest), num(serverShare))
                : Messages.format("cpu-oversubscription.carriers.unmeasured"));
        if (score < 25) {
            return result(score, "ok.carriers", ev, num(share), c.threads(), num(waiting), cost);
        }
        String sharedCpu = Facts.othersTookMoreCpu(jvm, others)
                ? " " + Messages.format("cpu-oversubscription.shared.carriers", num(others * 100),
                        num(jvm * 100))
                : "";
        return result(score, "found.carriers", ev, num(share), c.threads(), num(waiting),
                Double.isNaN(cpu) ? "?" : num(cpu * 100), cost + sharedCpu);
    }

    /**
     * When other processes used more of the machine's CPU than this JVM, most of the CPU the workers queued for was
     * theirs: the scheduler shares the cores among the host's runnable threads (by session or cgroup first, where
     * Linux's autogroup or cgroups group them), and a smaller pool gives the app no more of them. Said, so that a
     * thread count is not sized on a host the app did not have to itself; the score stays, since the workers did
     * wait.
     */
    static String shared(double jvm, double others) {
        if (!Facts.othersTookMoreCpu(jvm, others)) {
            return "";
        }
        return " " + Messages.format("cpu-oversubscription.shared", num(others * 100), num(jvm * 100));
    }

    /**
     * Run delay stretches every wall-clock step it falls in, measured where it falls: the share of the connection holds
     * their thread spent runnable but not running is the share of the holds (hence, with N threads on C connections,
     * of the pool wait ≈ (N − C)/C × hold) it accounts for; the share of the lock waits during which the monitor's
     * holder was runnable but not running is the share of the lock waiting it accounts for. Without holds, or without
     * a known holder, the share of the non-queueing server time spent runnable. For Redis, the loop's run delay per
     * reply against the callers' wait; for the backlog, the workers' whole CPU demand (on CPU or waiting for one)
     * keeps them busy.
     */
    @Override
    public List<Link> explains(RunModel run) {
        if (onCarriers(run)) {
            // A request on a virtual thread waits for a carrier before the server sees it as much as after, and only
            // while every carrier is busy: on a CPU, or waiting for one. Of that busy time, the share spent waiting is
            // the share of the queueing the host's CPU accounts for (idle carriers keep no one waiting).
            return List.of(new Link(id(), "backlog-queueing", run.carriers().runDelayShare()));
        }
        long total = run.serverTotal().totalNanos();
        long notQueued = total - run.serverTotal().nanos(Cause.CONNECTION_WAIT);
        double stretch = notQueued <= 0 ? 0 : (double) run.serverTotal().nanos(Cause.RUN_DELAY) / notQueued;
        Double holds = run.overlaps().holdRunDelayShare();
        Double holders = run.overlaps().ownerRunDelayShare();
        double wait = run.redis().callerWait().meanMs();
        double redis = wait <= 0 ? 0 : RedisSlowRule.loopDelayPerReplyMs(run) / wait;
        double busy = total == 0
                ? 0
                : (double) (run.serverTotal().nanos(Cause.RUN_DELAY) + run.serverTotal().nanos(Cause.CPU))
                        / total;
        double held = holds == null ? stretch : holds;
        return List.of(new Link(id(), "pool-starvation", held), new Link(id(), "connection-held", held),
                new Link(id(), "lock-contention", holders == null ? stretch : holders),
                new Link(id(), "redis-slow", redis), new Link(id(), "backlog-queueing", busy));
    }

    @Override
    public String headline(RunModel run) {
        if (onCarriers(run)) {
            return Messages.format("cpu-oversubscription.short.carriers",
                    num(100 * run.carriers().waitingShare()));
        }
        return shortText(num(Facts.meanMs(run, Cause.RUN_DELAY)), num(100 * run.workers().runDelayShare()));
    }
}
