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
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/**
 * Requests waiting before the application sees them (accept backlog, connect): client elapsed minus server time,
 * invisible to a server-side APM.
 */
public final class BacklogQueueingRule implements Rule {
    static final Threshold BACKLOG_SHARE = new Threshold("backlog share of client time", 10, 30,
            Unit.PERCENT);
    /** A large share of a tiny client time is the load generator's own connect and transfer, not queueing. */
    static final Threshold BACKLOG_MEAN = new Threshold("mean backlog per request", 5, 50,
            Unit.MILLISECONDS);

    @Override
    public String id() {
        return "backlog-queueing";
    }

    @Override
    public List<String> requires() {
        return List.of(RunFolder.RESULTS_JTL_PATH + " with requestId", RequestEvent.NAME,
                WorkerPoolEvent.NAME);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(BACKLOG_SHARE, BACKLOG_MEAN);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Can client and server samples be joined by request id?
        if (run.join().matched() == 0) {
            return notEnoughData("no JMeter sample matched a server request by request id");
        }
        long backlog = 0;
        long client = 0;
        long[] each = new long[(int) run.join().matched()];
        int n = 0;
        for (RequestTimeline r : run.requests()) {
            if (r.client() != null) {
                backlog += r.backlogNanos();
                client += r.client().elapsedMillis() * 1_000_000L;
                each[n++] = r.backlogNanos();
            }
        }
        double share = client == 0 ? 0 : 100.0 * backlog / client;
        double p99 = dev.poolscope.analysis.model.Distribution.ofNanos(java.util.Arrays.copyOf(each, n))
                .p99Ms();
        double full = Facts.workersFullPct(run);
        double mean = n == 0 ? 0 : backlog / 1e6 / n;
        List<Evidence> ev = List.of(new Evidence("backlog share of client time", share, Unit.PERCENT),
                new Evidence("mean backlog per request", mean, Unit.MILLISECONDS),
                new Evidence("backlog p99", p99, Unit.MILLISECONDS),
                new Evidence("gauge samples with every worker busy", full, Unit.PERCENT));
        int score = Math.min(BACKLOG_SHARE.score(share), BACKLOG_MEAN.score(mean));
        String found = run.reactive() ? "found.netty" : Facts.virtual(run) ? "found.virtual" : "found";
        return result(score, score < 25 ? "ok" : found, ev, num(share), num(p99), num(full));
    }

    @Override
    public String headline(RunModel run) {
        return shortText(num(WorkerPoolSaturatedRule.backlogMeanMs(run)));
    }
}
