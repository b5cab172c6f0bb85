package dev.poolscope.analysis.steady;

import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SteadyState;
import dev.poolscope.analysis.rules.Messages;

/**
 * The end of the load: once the clients stop sending (a load test's duration is up), the requests already sent still
 * finish, and until the last of them does no new load arrives. Requests count where they start, so those seconds add
 * time to every rate (throughput, the clients' concurrency, GC and CPU per second) and nothing to what it is divided
 * into: a drain as long as the responses (seconds, when requests queue) dilutes every rate by its share of the run.
 * When that share reaches what a rule takes notice of ({@link SteadyDetector#VISIBLE_SHARE}), the steady part ends
 * where the last request was sent: by the clients, when there are JMeter samples (the window then ends where the
 * server started it, the clients' rates where it was sent), else as the server saw it. Only after
 * a load that was sent for at least one mean response time: shorter, no client had a response before it stopped (a
 * burst, each client sending once), and the sending is no load the rates could be read on; the run stays whole.
 */
public final class Drain {
    private Drain() {
    }

    /** Where a drain left out ends the steady part, its length, and the sentence that says so. */
    public record Cut(long endNanos, double seconds, String sentence) {
        /** {@code steady} with this drain left out; {@code steady} itself for none ({@code c} null). */
        public static SteadyState on(SteadyState steady, Cut c) {
            return c == null ? steady : steady.withDrain(c.endNanos(), c.seconds(), c.sentence());
        }
    }

    /** {@code steady} with the drain of {@code run} left out, or as it is when there is none worth leaving out. */
    public static SteadyState judge(RunModel run, SteadyState steady) {
        return Cut.on(steady, of(run, steady));
    }

    /** The drain of {@code run}, judged on {@code steady}; null when there is none worth leaving out. */
    public static Cut of(RunModel run, SteadyState steady) {
        if (steady.status() == SteadyState.Status.NOT_JUDGED
                || steady.status() == SteadyState.Status.TOO_SHORT
                || steady.status() == SteadyState.Status.BURST || run.requests().isEmpty()) {
            return null;
        }
        long start = steady.startCut() ? steady.steadyStartNanos() : run.startNanos();
        long end = run.endNanos();
        boolean clients = !run.client().isEmpty();
        long last = clients ? run.clientTotals().lastSentNanos() : lastServerStart(run);
        if (last <= start || last >= end) {
            return null;
        }
        if (last - start < meanResponseNanos(run, clients)) {
            return null;
        }
        double drain = (end - last) / 1e9;
        if (drain < SteadyDetector.VISIBLE_SHARE * (end - start) / 1e9) {
            return null;
        }
        if (!clients) {
            return new Cut(last, drain, SteadyDetector.text("steady.drain.server", Messages.num(drain),
                    Messages.num(100 * drain / ((end - start) / 1e9))));
        }
        // The server starts a request after the clients sent it, later still when it queued: the window ends where the
        // server started the last one sent, so every request sent is counted on both sides; the clients' rates end
        // where it was sent (RunModel.clientSendSeconds).
        long started = Math.min(end, Math.max(last, lastServerStart(run)));
        return new Cut(started, drain, SteadyDetector.text("steady.drain.client", Messages.num(drain),
                Messages.num(100 * drain / ((end - start) / 1e9)), Messages.num((started - last) / 1e9)));
    }

    /** From the clients' first request sent to their last, in nanoseconds (0 without clients). */
    static double sendingNanos(RunModel run) {
        RunModel.ClientTotals t = run.clientTotals();
        return run.client().isEmpty() ? 0 : t.lastSentNanos() - t.firstSentNanos();
    }

    /** The clients' mean elapsed time, or without them the server's mean time per request. */
    static double meanResponseNanos(RunModel run, boolean clients) {
        return clients
                ? run.client().isEmpty() ? 0 : run.clientTotals().seconds() * 1e9 / run.client().size()
                : run.requests().stream().mapToLong(RequestTimeline::serverNanos).average().orElse(0);
    }

    /** The last start of every request counted, kept or not; of the kept ones when not known. */
    private static long lastServerStart(RunModel run) {
        long last = run.sampling().lastStartNanos();
        if (last != Long.MIN_VALUE) {
            return last;
        }
        for (RequestTimeline r : run.requests()) {
            last = Math.max(last, r.startNanos());
        }
        return last;
    }
}
