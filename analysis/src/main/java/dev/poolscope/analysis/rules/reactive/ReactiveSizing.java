package dev.poolscope.analysis.rules.reactive;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.List;

import dev.poolscope.analysis.model.EventLoops;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SchedTotals;
import dev.poolscope.format.event.ThreadSchedStatEvent;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.analysis.diagnosis.HealthyRule;
import dev.poolscope.analysis.rules.cpu.CpuSizing;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Measured;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * The reactive stack has no worker pool: its levers are the event loops (against the cores), the R2DBC pool (by
 * Little's law) and blocking calls (off the loop). Each recommendation shows its arithmetic and what it predicts.
 */
public final class ReactiveSizing {
    static final double HEADROOM = 1.25;

    public Recommendation recommend(RunModel run, Measured m, String primary) {
        return switch (primary) {
            case EventLoopBlockedRule.ID -> offLoop(run, m);
            case "pool-starvation", "connection-held" -> pool(run, m);
            case EventLoopSaturatedRule.ID, "cpu-oversubscription", "backlog-queueing",
                    "worker-pool-saturated" ->
                loops(run, m);
            case HealthyRule.ID -> new Recommendation("none", null,
                    Messages.format("recommend.reactive.healthy", loopCount(run)), List.of());
            default -> new Recommendation("none", null, Messages.format("recommend.reactive.other", primary),
                    List.of());
        };
    }

    /** Event loops against the cores: a loop is one thread, so min(L, N) CPUs serve at most min(L, N) / c req/s. */
    Recommendation loops(RunModel run, Measured m) {
        int loops = loopCount(run);
        double c = loopCpuPerRequest(run);
        if (m.cores() == null || c <= 0) {
            return Recommendation.notAvailable(m.cores() == null
                    ? "the CPU count is unknown (" + RunFolder.METADATA_PATH + ")"
                    : "no CPU time of the event loops was measured (" + ThreadSchedStatEvent.NAME + ")");
        }
        int n = m.cores();
        double now = Math.min(loops, n) / c;
        double at = n / c;
        List<String> lines = List.of(
                Messages.format("recommend.loops.measured", num(m.throughput()), loops, n, num(c * 1000),
                        num(EventLoopSaturatedRule.busyPct(run))),
                Messages.format("recommend.loops.ceiling", Math.min(loops, n), num(c * 1000), num(now)),
                Messages.format("recommend.loops.predict", n, num(c * 1000), num(at), num(m.throughput())));
        String sentence = (loops == n
                ? Messages.format("recommend.loops.sentence.cores", n, num(at))
                : Messages.format("recommend.loops.sentence", n, loops))
                + CpuSizing.sharedHost(Facts.meanJvmCpu(run), Facts.meanOtherCpu(run), n);
        return new Recommendation("event-loops", n, sentence, lines);
    }

    /** Little's law on the pool: connections in use ≈ throughput × hold; demand from the clients, not the capped X. */
    Recommendation pool(RunModel run, Measured m) {
        double h = m.hold();
        double w = m.poolWait();
        Integer c = m.poolSize();
        if (h <= 0) {
            return Recommendation.notAvailable("no R2DBC connection hold was measured");
        }
        double x = m.throughput();
        double client = Double.isNaN(m.clientMean()) ? m.server() : m.clientMean();
        // In a closed loop each client sends again as soon as it has its answer: without the acquire wait it would.
        double demand = client - w > 0 ? x * client / (client - w) : x;
        double inUse = x * h;
        int size = Math.max(1, (int) Math.ceil(demand * h * HEADROOM));
        List<String> lines = List.of(
                Messages.format("recommend.r2dbc.measured", num(x), num(h * 1000), num(w * 1000),
                        c == null ? "?" : c, num(client * 1000)),
                Messages.format("recommend.r2dbc.little", num(x), num(h), num(inUse)),
                Messages.format("recommend.r2dbc.ceiling", c == null ? "?" : c, num(h),
                        c == null ? "?" : num(c / h)),
                Messages.format("recommend.r2dbc.demand", num(x), num(client * 1000), num(w * 1000),
                        num(demand)),
                Messages.format("recommend.r2dbc.result", num(demand), num(h), String.valueOf(HEADROOM),
                        size),
                Messages.format("recommend.r2dbc.predict", size, num(size / h), num(demand)));
        return new Recommendation("pool-size", null,
                Messages.format("recommend.r2dbc.sentence", size, c == null ? "?" : c), lines);
    }

    /** Blocked loops serve nothing while blocked: the call goes off the loop; no size fixes it. */
    Recommendation offLoop(RunModel run, Measured m) {
        EventLoops l = run.loops();
        EventLoops.Frame top = l.topBlockingFrame();
        int loops = loopCount(run);
        double b = EventLoopBlockedRule.blockedMsPerRequest(run) / 1000;
        double c = loopCpuPerRequest(run);
        String frame = top == null ? "?" : top.frame();
        List<String> lines = new java.util.ArrayList<>();
        lines.add(Messages.format("recommend.offloop.measured", num(m.throughput()), loops, num(b * 1000),
                num(c * 1000), l.blockedStalls()));
        if (b > 0) {
            lines.add(Messages.format("recommend.offloop.ceiling", loops, num(b * 1000), num(loops / b)));
        }
        if (c > 0 && m.cores() != null) {
            lines.add(Messages.format("recommend.offloop.predict", Math.min(loops, m.cores()), num(c * 1000),
                    num(Math.min(loops, m.cores()) / c)));
        }
        return new Recommendation("off-loop", null, Messages.format("recommend.offloop.sentence", frame,
                top == null ? 0 : top.count(), top == null ? "0" : num(top.nanos() / 1e6)),
                List.copyOf(lines));
    }

    static int loopCount(RunModel run) {
        return run.workers().threads() > 0 ? run.workers().threads() : run.loops().loops();
    }

    /** The loops' CPU in the window per request, in seconds; 0 when unknown. */
    static double loopCpuPerRequest(RunModel run) {
        SchedTotals w = run.workers();
        return run.requests().isEmpty() ? 0 : w.cpuNanos() / 1e9 / run.requestCount();
    }
}
