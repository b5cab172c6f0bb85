package dev.poolscope.analysis.rules.database;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.Statements;
import dev.poolscope.analysis.rules.Measured;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * A database root: no worker count, since threads are not what the requests wait for. With C connections each held h
 * per request, the pool serves at most C / h requests a second; a statement of t per request inside every hold caps
 * it, and at half its time the pool would serve C / (h − t/2). Whether a bigger pool would help is the saturation test
 * ({@link Statements.Load}): a database whose statements take longer the more run at once finishes about as many a
 * second whatever the pool (Little's law on its side: at once / time), so more connections only lengthen each one.
 */
public final class DatabaseSizing {

    /** For {@code database-slow}: the statement with the most time. */
    public Recommendation recommend(RunModel run, Measured m) {
        Statements st = run.statements();
        Statements.Statement top = st.top();
        if (top == null) {
            return Recommendation.notAvailable("no statements");
        }
        List<String> lines = new ArrayList<>();
        double h = m.hold() * 1000;
        Integer c = m.poolSize();
        lines.add(measured(m, h, c));
        long requests = Math.max(1, st.inRequests().requests());
        double t = top.time().meanMs() * top.use().executions() / requests;
        double share = h <= 0 ? 0 : Math.min(100, 100 * t / h);
        lines.add(Messages.format("recommend.database.line.statement", Statement.shortText(top.sql()), num(t),
                num((double) top.use().executions() / requests), num(top.time().meanMs()), num(share)));
        double halfHold = Math.max(0, h - t / 2);
        String now = c == null || h <= 0 ? "?" : num(c / h * 1000);
        String then = c == null || halfHold <= 0 ? "?" : num(c / halfHold * 1000);
        lines.add(Messages.format("recommend.database.line.half", num(halfHold), then));
        Statements.Load load = top.load();
        String key;
        if (load.measured()) {
            Statements.Level lo = load.lowest();
            Statements.Level busy = load.busiest();
            key = load.saturated() ? "saturated" : "kept-up";
            lines.add(Messages.format("recommend.database.line." + key, lo.level(), num(lo.typicalMs()),
                    busy.level(), num(busy.typicalMs()), num(1000 * lo.level() / lo.typicalMs()),
                    num(1000 * busy.level() / busy.typicalMs()), num(load.growth()),
                    h <= 0 ? "?" : num(1000 / h)));
        } else {
            key = "unknown";
            lines.add(Messages.format("recommend.database.line.unknown",
                    load.busiest() == null ? "?" : load.busiest().level()));
        }
        return new Recommendation("none", null, Messages.format("recommend.database.sentence." + key,
                Statement.shortText(top.sql()), num(share), then, now), List.copyOf(lines));
    }

    /** For {@code n-plus-one}: the repeats of the statement that repeats most. */
    public Recommendation repeats(RunModel run, Measured m) {
        Statements.Statement worst = NPlusOneRule.worst(run);
        if (worst == null) {
            return Recommendation.notAvailable("no repeated statements");
        }
        Statements.PathUse path = NPlusOneRule.worstPath(worst);
        List<String> lines = new ArrayList<>();
        double h = m.hold() * 1000;
        Integer c = m.poolSize();
        lines.add(measured(m, h, c));
        long requests = Math.max(1, run.statements().inRequests().requests());
        double repeats = run.statements().inRequests().repeatMs() / requests;
        double shorter = Math.max(0, h - repeats);
        lines.add(Messages.format("recommend.repeats.line", path.path(), Statement.shortText(worst.sql()),
                num(path.perRequest()), num(worst.time().meanMs()), num(repeats), num(shorter),
                c == null || shorter <= 0 ? "?" : num(c / shorter * 1000)));
        String now = c == null || h <= 0 ? "?" : num(c / h * 1000);
        return new Recommendation("none", null,
                Messages.format("recommend.repeats.sentence", Statement.shortText(worst.sql()),
                        num(path.perRequest()), path.path(),
                        c == null || shorter <= 0 ? "?" : num(c / shorter * 1000), now),
                List.copyOf(lines));
    }

    private static String measured(Measured m, double holdMs, Integer c) {
        return Messages.format("recommend.database.line.measured", num(m.throughput()), num(holdMs),
                c == null ? "?" : c, c == null || holdMs <= 0 ? "?" : num(c / holdMs * 1000));
    }
}
