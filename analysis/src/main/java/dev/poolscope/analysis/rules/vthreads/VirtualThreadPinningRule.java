package dev.poolscope.analysis.rules.vthreads;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;

/** Virtual threads pinned to their carrier (jdk.VirtualThreadPinned) for a share of server time. */
public final class VirtualThreadPinningRule implements Rule {
    public static final String ID = "vthread-pinning";
    static final Threshold PINNED_SHARE = new Threshold("pinned time share of server time", 1, 5,
            Unit.PERCENT);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public List<String> requires() {
        return List.of(JdkTypes.VIRTUAL_THREAD_PINNED, RunFolder.METADATA_PATH + " server.virtualThreads");
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(PINNED_SHARE);
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        if (!Facts.hasRequests(run)) {
            return notEnoughData("no " + RequestEvent.NAME + " events");
        }
        long pinned = run.process().pinnedNanos();
        boolean virtual = Boolean.TRUE.equals(run.metadata().virtualThreads());
        // Platform threads cannot be pinned: nothing to judge.
        if (!virtual && pinned == 0) {
            return result(0, "platform", List.of());
        }
        // Pinned events are all of them; server time is the kept requests', scaled when they are a sample.
        double server = run.serverTotal().totalNanos() * run.requestScale();
        double share = server == 0 ? 0 : 100.0 * pinned / server;
        List<Evidence> ev = List.of(new Evidence("pinned share of server time", share, Unit.PERCENT),
                new Evidence("pinned events", run.process().pinnedCount(), Unit.COUNT),
                new Evidence("pinned total", pinned / 1e6, Unit.MILLISECONDS));
        int score = PINNED_SHARE.score(share);
        return result(score, score < 25 ? "ok" : "found", ev, num(share), run.process().pinnedCount(),
                num(pinned / 1e6));
    }
}
