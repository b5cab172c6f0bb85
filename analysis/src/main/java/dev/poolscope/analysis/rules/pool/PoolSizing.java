package dev.poolscope.analysis.rules.pool;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Measured;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * Pool-bound: Little's law on measured numbers. With C connections each held h seconds per request, the pool serves
 * at most C / h requests a second; a request also needs (S − W) seconds of thread time outside the pool wait W, so
 * more than C × (S − W) / h threads can only queue for connections. When the hold time is stretched by non-database
 * waits, shortening the holds is the lever that raises the ceiling; more connections only move it.
 */
public final class PoolSizing {
    static final double HEADROOM = 1.25;

    public Recommendation recommend(RunModel run, Measured m, boolean shortenHolds) {
        double x = m.throughput();
        double s = m.server();
        double w = m.poolWait();
        double h = m.hold();
        Integer c = m.poolSize();
        List<String> lines = new ArrayList<>();
        lines.add(Messages.format("recommend.line.measured", num(x), num(s * 1000), num(w * 1000),
                num(h * 1000), c == null ? "?" : c, m.coresText()));
        lines.add(Messages.format("recommend.line.little", num(x), num(s), num(x * s)));
        double useful = x * (s - w);
        lines.add(Messages.format("recommend.line.useful", num(x), num(s - w), num(useful)));
        double needed;
        if (c != null && h > 0) {
            double perPool = c * (s - w) / h;
            lines.add(
                    Messages.format("recommend.line.pool", c, num(h), num(c / h), num(s - w), num(perPool)));
            needed = perPool;
        } else {
            lines.add(Messages.format("recommend.line.nopool"));
            needed = useful;
        }
        int floor = Math.max(1, Math.max(c == null ? 1 : c, m.cores() == null ? 1 : m.cores()));
        int threads = Math.max(floor, (int) Math.ceil(needed * HEADROOM));
        lines.add(Messages.format("recommend.line.result", num(needed), String.valueOf(HEADROOM), floor,
                threads));
        if (c != null && h > 0) {
            lines.add(Messages.format("recommend.line.wait", threads, c, num(h * 1000),
                    num(Math.max(0, (threads - c) / (double) c * h * 1000))));
            double predicted = Math.min(c / h, s - w > 0 ? threads / (s - w) : Double.MAX_VALUE);
            lines.add(Messages.format("recommend.line.pool.predict", threads, num(predicted), num(x)));
        }
        String sentence = Messages.format("recommend.sentence", threads, m.maxThreadsText());
        if (shortenHolds && c != null && h > 0) {
            double nonDb = run.pools().holdTotalNanos() == 0
                    ? 0
                    : (double) run.pools().holdNonDatabaseNanos()
                            / run.pools().holdTotalNanos();
            double shorter = h * (1 - nonDb);
            lines.add(Messages.format("recommend.line.shorten", num(100 * nonDb), num(h * 1000),
                    num(shorter * 1000), c, num(shorter > 0 ? c / shorter : 0), num(c / h)));
            sentence = Messages.format("recommend.sentence.shorten", threads, m.maxThreadsText(),
                    num(100 * nonDb));
        }
        return new Recommendation("pool", threads, sentence, List.copyOf(lines));
    }
}
