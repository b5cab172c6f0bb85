package dev.poolscope.analysis.rules.database;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.Comparator;
import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.Statements;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.StatementEvent;

/**
 * Too many statements: one request runs the same normalised statement again and again (an ORM loading an association
 * item by item, a query per element in a loop: the N+1). The first execution of a text in a request is its need;
 * each one after it is a repeat, whose time a join, an IN list or a batch would save. The cost is the repeats' share
 * of server time plus their share of the pool wait (they are inside the holds like any statement).
 */
public final class NPlusOneRule implements Rule {
    static final Threshold REPEAT_SHARE = new Threshold(
            "repeated statements' share of server time, with the pool wait they caused", 10, 30,
            Unit.PERCENT);

    @Override
    public String id() {
        return "n-plus-one";
    }

    @Override
    public List<String> requires() {
        return List.of(StatementEvent.NAME, RequestEvent.NAME);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(REPEAT_SHARE);
    }

    /** Percent of server time in repeats, directly or through the pool wait. */
    static double costPct(RunModel run) {
        Statements.InRequests in = run.statements().inRequests();
        if (in.serverMs() <= 0 || in.statementMs() <= 0) {
            return 0;
        }
        double repeatShareOfStatements = in.repeatMs() / in.statementMs();
        return 100 * in.repeatMs() / in.serverMs()
                + Facts.sharePct(run, Cause.CONNECTION_WAIT) * in.holdShare() * repeatShareOfStatements;
    }

    /** The text whose repeats cost the most, or null when none ran twice in a request. */
    static Statements.Statement worst(RunModel run) {
        return run.statements().ranked().stream().filter(s -> s.use().repeatRequests() > 0)
                .max(Comparator.comparingDouble((Statements.Statement s) -> s.use().repeatMs())
                        .thenComparing(Statements.Statement::sql, Comparator.reverseOrder()))
                .orElse(null);
    }

    /** The path where the text repeats most, by its repeats' time. */
    static Statements.PathUse worstPath(Statements.Statement s) {
        return s.use().paths().stream().max(Comparator.comparingDouble(Statements.PathUse::repeatMs)
                .thenComparing(Statements.PathUse::path, Comparator.reverseOrder())).orElseThrow();
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Were any requests recorded?
        if (!Facts.hasRequests(run)) {
            return notEnoughData("no " + RequestEvent.NAME + " events");
        }
        // Did the agent see statements at all?
        Statements st = run.statements();
        if (!st.recorded()) {
            return notEnoughData("no " + StatementEvent.NAME + " events");
        }
        // Did any request run a statement inside it?
        if (st.inRequests().statementMs() <= 0) {
            return notEnoughData("no statement ran inside a recorded request");
        }
        double cost = costPct(run);
        Statements.Statement worst = worst(run);
        if (worst == null) {
            return result(0, "none", List.of(new Evidence(REPEAT_SHARE.name(), 0, Unit.PERCENT)),
                    num(st.inRequests().requests()));
        }
        Statements.PathUse path = worstPath(worst);
        double repeatPerRequest = path.requests() == 0 ? 0 : path.repeatMs() / path.requests();
        List<Evidence> ev = List.of(new Evidence(REPEAT_SHARE.name(), cost, Unit.PERCENT),
                new Evidence("executions per request of the most repeated statement", path.perRequest(),
                        Unit.COUNT),
                new Evidence("most executions in one request", worst.use().maxPerRequest(), Unit.COUNT),
                new Evidence("repeats' time per request", repeatPerRequest, Unit.MILLISECONDS));
        int score = REPEAT_SHARE.score(cost);
        if (score < 25) {
            return result(score, "ok", ev, num(cost), Statement.shortText(worst.sql()),
                    num(path.perRequest()));
        }
        return result(score, "found", ev, path.path(), Statement.shortText(worst.sql()),
                num(path.perRequest()),
                worst.use().maxPerRequest(), num(repeatPerRequest), num(worst.time().meanMs()), num(cost));
    }

    /**
     * The repeats are that share of the statement time, and that share of the statements' part of each hold: a join
     * or an IN list removes the repeated executions whole, with whatever they waited for (round trips, a CPU), so the
     * hold shortens by all of their time, not only by the database's work in them. For the same reason they explain
     * the run delay inside them ({@link #runDelayShare}).
     */
    @Override
    public List<Link> explains(RunModel run) {
        Statements.InRequests in = run.statements().inRequests();
        double repeats = in.statementMs() <= 0 ? 0 : in.repeatMs() / in.statementMs();
        return List.of(new Link(id(), "database-slow", repeats),
                new Link(id(), "pool-starvation", in.holdShare() * repeats),
                new Link(id(), "cpu-oversubscription", runDelayShare(run)));
    }

    /**
     * The share of the requests' run delay spent inside the repeats: the run delay inside connection holds (where the
     * statements run), in proportion to the repeats' part of the hold time, over all the run delay in requests. Each
     * repeat is a round trip whose answer its thread must then wait to process: with more runnable threads than
     * CPUs, that wait is run delay, and it goes with the repeat. What the repeats' CPU adds to other threads' waits
     * is not counted, so the share is the least they explain.
     */
    static double runDelayShare(RunModel run) {
        Statements.InRequests in = run.statements().inRequests();
        long runDelay = run.serverTotal().nanos(Cause.RUN_DELAY);
        Double holdRunDelay = run.overlaps().holdRunDelayShare();
        if (holdRunDelay == null || runDelay <= 0 || in.statementMs() <= 0 || in.holdMs() <= 0) {
            return 0;
        }
        double repeatsInHolds = in.repeatMs() * Math.min(1, in.inHoldMs() / in.statementMs());
        double inRepeatsMs = holdRunDelay * Math.min(in.holdMs(), repeatsInHolds);
        return Math.min(1, inRepeatsMs / (runDelay / 1e6));
    }

    @Override
    public String headline(RunModel run) {
        Statements.Statement worst = worst(run);
        return worst == null ? id() : shortText(num(worstPath(worst).perRequest()), worstPath(worst).path());
    }
}
