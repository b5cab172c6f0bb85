package dev.poolscope.analysis.rules.workers;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;
import dev.poolscope.analysis.rules.Measured;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * The worker pool itself is the bottleneck: size it from demand, not from the throughput it capped. In a
 * closed-loop test the clients with a request outstanding (Little's law on the client side: sum of client elapsed
 * over the window) are the offered concurrency; each needs a worker for the part of its server time that is not
 * queueing here. Bounded by what the connection pool and the CPUs can feed.
 */
public final class WorkerSizing {
    /** Above this share of server time in blocking waits, virtual threads serve the same demand without a pool. */
    static final double BLOCKING_FOR_VIRTUAL = 0.5;

    public Recommendation recommend(Measured m) {
        if (Double.isNaN(m.offeredConcurrency()) || m.server() <= 0) {
            return Recommendation.notAvailable("no JMeter samples to measure the offered concurrency");
        }
        double s = m.server();
        double nq = m.serverWithoutQueueing();
        double share = nq / s;
        // A sample that started in the window counts whole, also its part after the window's end: with responses
        // long against the window (a burst, a short run) the sum outgrows what JMeter's threads can have had
        // outstanding, one request each at most.
        boolean capped = m.clients() > 0 && m.offeredConcurrency() > m.clients();
        // A burst (every request sent at once) has all its clients waiting together: the average over the time its
        // queue took to empty is not what arrived at once.
        boolean burst = m.burst() && m.clients() > 0;
        double offered = capped || burst ? m.clients() : m.offeredConcurrency();
        double demand = offered * share;
        List<String> lines = new ArrayList<>();
        lines.add(
                Messages.format("recommend.workers.measured", num(m.throughput()), num(m.clientMean() * 1000),
                        num(s * 1000), num(nq * 1000), m.clients(), m.maxThreadsText()));
        lines.add(burst
                ? Messages.format("recommend.workers.offered.burst", m.clients(), num(100 * share),
                        num(demand))
                : capped
                        ? Messages.format("recommend.workers.offered.clients", num(m.offeredConcurrency()),
                                m.clients(), num(100 * share), num(demand))
                        : Messages.format(m.offeredLevel()
                                ? "recommend.workers.offered.level"
                                : "recommend.workers.offered", num(offered), num(100 * share), num(demand)));
        double bound = demand;
        if (m.poolSize() != null && m.hold() > 0) {
            double pool = m.poolSize() * (s - m.poolWait()) / m.hold();
            lines.add(
                    Messages.format("recommend.workers.pool", m.poolSize(), num(m.hold() * 1000), num(pool)));
            bound = Math.min(bound, pool);
        }
        if (m.cores() != null && m.cpu() > 0) {
            double cpu = m.cores() * (1 + m.independentWaits() / m.cpu());
            lines.add(Messages.format("recommend.workers.cpu", m.cores(), num(m.independentWaits() * 1000),
                    num(m.cpu() * 1000), num(cpu)));
            bound = Math.min(bound, cpu);
        }
        int threads = Math.max(1, (int) Math.ceil(bound));
        // What the threads can serve, and no more than the connections or the CPUs can: C / h, cores / CPU.
        double predictedRps = Math.min(offered, threads) / Math.max(nq, 1e-9);
        String by = "threads";
        if (m.poolSize() != null && m.hold() > 0 && m.poolSize() / m.hold() < predictedRps) {
            predictedRps = m.poolSize() / m.hold();
            by = "pool";
        }
        if (m.cores() != null && m.cpu() > 0 && m.cores() / m.cpu() < predictedRps) {
            predictedRps = m.cores() / m.cpu();
            by = "cpu";
        }
        // Little's law on the clients: as many with a request outstanding, at that throughput, wait this long each; the
        // server time without queueing when the threads take them all.
        double predictedMean = Math.max(nq, offered / predictedRps);
        lines.add(Messages.format("recommend.workers.result",
                String.format(java.util.Locale.ROOT, "%.1f", bound), threads));
        lines.add(predictedMean > nq * 1.05
                ? Messages.format("recommend.workers.predict.queue", threads, num(predictedMean * 1000),
                        num(predictedRps), num(m.clientMean() * 1000), num(m.throughput()), num(offered),
                        Messages.format("recommend.workers.bound." + by))
                : Messages.format("recommend.workers.predict", threads, num(nq * 1000), num(predictedRps),
                        num(m.clientMean() * 1000), num(m.throughput())));
        // Virtual threads overlap what more workers would: not the waits a full connection pool bounded.
        boolean blocking = s > 0 && m.overlappableWaits() / s >= BLOCKING_FOR_VIRTUAL;
        String sentence = Messages.format(blocking
                ? "recommend.workers.sentence.virtual"
                : "recommend.workers.sentence", threads, m.maxThreadsText(), num(predictedMean * 1000),
                num(100 * m.overlappableWaits() / s));
        return new Recommendation("workers", threads, sentence, List.copyOf(lines));
    }
}
