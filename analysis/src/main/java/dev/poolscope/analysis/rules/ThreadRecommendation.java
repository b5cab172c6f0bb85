package dev.poolscope.analysis.rules;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;

/**
 * Little's law on measured numbers. With C connections each held h seconds per request, the pool serves at most
 * C / h requests a second; a request also needs (S − W) seconds of thread time outside the pool wait W, so more than
 * C × (S − W) / h threads can only queue for connections. That count plus headroom is the recommendation.
 */
final class ThreadRecommendation {
    static final double HEADROOM = 1.25;

    Recommendation recommend(RunModel run) {
        List<RequestTimeline> rs = run.requests();
        if (rs.isEmpty() || run.durationSeconds() <= 0) {
            return new Recommendation(null, Messages.format("recommend.na", "no requests"), List.of());
        }
        double x = throughput(run);
        double s = rs.stream().mapToLong(RequestTimeline::serverNanos).average().orElse(0) / 1e9;
        double w = rs.stream().mapToLong(RequestTimeline::poolWaitNanos).average().orElse(0) / 1e9;
        double h = rs.stream().mapToLong(RequestTimeline::holdNanos).average().orElse(0) / 1e9;
        Integer c = poolSize(run);
        Integer cores = run.metadata().availableProcessors();
        List<String> lines = new ArrayList<>();
        lines.add(Messages.format("recommend.line.measured", num(x), num(s * 1000), num(w * 1000),
                num(h * 1000),
                c == null ? "?" : c, cores == null ? "?" : cores));
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
        int floor = Math.max(1, Math.max(c == null ? 1 : c, cores == null ? 1 : cores));
        int threads = Math.max(floor, (int) Math.ceil(needed * HEADROOM));
        lines.add(Messages.format("recommend.line.result", num(needed), String.valueOf(HEADROOM), floor,
                threads));
        if (c != null && h > 0) {
            lines.add(Messages.format("recommend.line.wait", threads, c, num(h * 1000),
                    num(Math.max(0, (threads - c) / (double) c * h * 1000))));
        }
        Integer max = run.metadata().maxThreads();
        String sentence = Messages.format("recommend.sentence", threads, max == null ? "?" : max);
        return new Recommendation(threads, sentence, List.copyOf(lines));
    }

    static double throughput(RunModel run) {
        if (run.hasClient()) {
            return run.client().size() / run.durationSeconds();
        }
        return run.requests().size() / run.durationSeconds();
    }

    static Integer poolSize(RunModel run) {
        Integer fromMeta = run.metadata().maximumPoolSize();
        if (fromMeta != null) {
            return fromMeta;
        }
        java.util.OptionalInt m = run.pools().hikari().stream().mapToInt(g -> g.max()).filter(v -> v > 0)
                .max();
        return m.isPresent() ? m.getAsInt() : null;
    }
}
