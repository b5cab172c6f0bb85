package dev.poolscope.analysis.rules.reactive;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.EventLoops;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.LoopStallEvent;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * Blocking calls on an event loop: long loop tasks spent waiting (JDBC, a blocking Redis call, a park, a socket read,
 * a sleep), not on CPU. While a loop blocks, every connection it owns waits, so one blocking call delays requests that
 * never made it. The frame is the stall's top application frame.
 */
public final class EventLoopBlockedRule implements Rule {
    public static final String ID = "event-loop-blocked";
    /**
     * Percent of the loops' time blocked. 1%: one 10-ms blocking task per second per loop, past one-off stalls (class
     * loading, a first connection); 10%: a request arriving at random finds its loop blocked one time in ten.
     */
    static final Threshold BLOCKED_SHARE = new Threshold("share of event-loop time blocked", 1, 10,
            Unit.PERCENT);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<String> requires() {
        return List.of(RequestEvent.NAME + " (server=netty)", LoopStallEvent.NAME,
                JdkTypes.THREAD_PARK + " / " + JdkTypes.SOCKET_READ + " / " + JdkTypes.THREAD_SLEEP
                        + " on the loops");
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(BLOCKED_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Did the requests run on event loops at all?
        if (!run.reactive()) {
            return notEnoughData("not the reactive stack: requests ran on worker threads, not event loops");
        }
        EventLoops l = run.loops();
        double share = l.blockedPct();
        double perRequest = blockedMsPerRequest(run);
        double queued = queuedBehindBlockedMs(run);
        List<Evidence> ev = List.of(new Evidence("share of event-loop time blocked", share, Unit.PERCENT),
                new Evidence("blocking loop tasks", l.blockedStalls(), Unit.COUNT),
                new Evidence("blocked loop time per request", perRequest, Unit.MILLISECONDS),
                new Evidence("queued behind a blocked loop per request", queued, Unit.MILLISECONDS),
                new Evidence("event loops", l.loops(), Unit.THREADS));
        int score = BLOCKED_SHARE.score(share);
        EventLoops.Frame top = l.topBlockingFrame();
        if (score < 25 || top == null) {
            return result(score, "ok", ev, num(share), l.blockedStalls(), l.loops());
        }
        return result(score, "found", ev, num(share), l.loops(), l.blockedStalls(), num(perRequest),
                top.frame(),
                top.count(), num(top.nanos() / 1e6), num(queued));
    }

    /** A blocked loop accepts and reads nothing: the queueing behind it is part of the backlog and of the loops' queue. */
    @Override
    public List<Link> explains(RunModel run) {
        EventLoops l = run.loops();
        long queue = l.queueBehindBlockedNanos() + l.queueBehindCpuNanos();
        double ofQueue = queue == 0 ? 0 : (double) l.queueBehindBlockedNanos() / queue;
        double ofBusy = l.stallNanos() == 0 ? 0 : (double) l.blockedNanos() / l.stallNanos();
        return List.of(new Link(id(), EventLoopSaturatedRule.ID, ofQueue),
                new Link(id(), "backlog-queueing", ofBusy));
    }

    @Override
    public String headline(RunModel run) {
        EventLoops.Frame top = run.loops().topBlockingFrame();
        return shortText(num(run.loops().blockedPct()), top == null ? "?" : top.frame());
    }

    static double blockedMsPerRequest(RunModel run) {
        // Stalls are all kept, the requests may be a sample: divide by every request.
        return run.requests().isEmpty() ? 0 : run.loops().blockedNanos() / 1e6 / run.requestCount();
    }

    static double queuedBehindBlockedMs(RunModel run) {
        return run.requests().isEmpty()
                ? 0
                : run.loops().queueBehindBlockedNanos() / 1e6 / run.requests().size();
    }

    /** Percent of server time queued behind other requests' tasks on the loop. */
    static double queueSharePct(RunModel run) {
        return Facts.sharePct(run, Cause.EVENT_LOOP_QUEUE);
    }
}
