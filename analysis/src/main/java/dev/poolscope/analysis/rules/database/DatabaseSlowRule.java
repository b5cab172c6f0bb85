package dev.poolscope.analysis.rules.database;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.Statements;
import dev.poolscope.analysis.rules.Evidence;
import dev.poolscope.analysis.rules.Facts;
import dev.poolscope.analysis.rules.Link;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Rule;
import dev.poolscope.analysis.rules.RuleResult;
import dev.poolscope.analysis.rules.Threshold;
import dev.poolscope.analysis.rules.Unit;
import dev.poolscope.format.event.RequestEvent;
import dev.poolscope.format.event.StatementEvent;

/**
 * Requests wait on the database: in the pool wait that the connections held through statements cause, and inside
 * statements beyond their own work. A statement f of each hold is f of what the queue for connections waits on (the
 * wait scales with the hold, as for {@code connection-held}); inside a statement, the time beyond the fastest tenth
 * of that text's executions is waiting (in the database, or for a CPU), the fastest tenth its work. A request whose
 * time is a statement's own work is not waiting on anything: a healthy shop whose checkout is a 20-ms transaction is
 * not database-slow. The statement with the most time is named, with whether the database was saturated
 * ({@link Statements.Load}): then more connections only move the wait into it.
 */
public final class DatabaseSlowRule implements Rule {
    static final Threshold DATABASE_SHARE = new Threshold(
            "database wait share of server time: the pool wait statements caused, and statement time beyond"
                    + " their fastest tenth",
            10, 30, Unit.PERCENT);

    @Override
    public String id() {
        return "database-slow";
    }

    @Override
    public List<String> requires() {
        return List.of(StatementEvent.NAME, RequestEvent.NAME);
    }

    @Override
    public List<Threshold> thresholds() {
        return List.of(DATABASE_SHARE);
    }

    /** Percent of server time lost to the database: the pool wait statements caused, and their time beyond their work. */
    static double costPct(RunModel run) {
        Statements st = run.statements();
        Statements.InRequests in = st.inRequests();
        if (in.serverMs() <= 0) {
            return 0;
        }
        double waiting = st.totalMs() <= 0 ? 0 : st.excessMs() / st.totalMs();
        return 100 * in.statementMs() * waiting / in.serverMs()
                + Facts.sharePct(run, Cause.CONNECTION_WAIT) * databaseShareOfHold(st);
    }

    /**
     * The part of each connection hold that is the database's: the statements' share of the hold, unless the top
     * statement was measured keeping up with more at once; then only their work (the fastest tenth of each text) is
     * the database's, and the rest of their time waited elsewhere (for a CPU on a busy host: run delay, which
     * {@code cpu-oversubscription} links by itself). A faster statement shortens the hold by its work, not by a CPU
     * wait inside it. Saturated, or not measurable, all of it: the time beyond the work may be the database queueing.
     */
    static double databaseShareOfHold(Statements st) {
        double share = st.inRequests().holdShare();
        Statements.Statement top = st.top();
        if (top != null && top.load().measured() && !top.load().saturated() && st.totalMs() > 0) {
            share *= Math.max(0, 1 - st.excessMs() / st.totalMs());
        }
        return share;
    }

    @Override
    public RuleResult evaluate(RunModel run) {
        // Were any requests recorded?
        if (!Facts.hasRequests(run)) {
            return notEnoughData("no " + RequestEvent.NAME + " events");
        }
        // Did the agent see statements at all (an older agent, or statements=false)?
        Statements st = run.statements();
        if (!st.recorded() || st.top() == null) {
            return notEnoughData("no " + StatementEvent.NAME + " events");
        }
        Statements.InRequests in = st.inRequests();
        double cost = costPct(run);
        double perRequest = in.requests() == 0 ? 0 : in.statementMs() / in.requests();
        Statements.Statement top = st.top();
        double topShare = st.totalMs() <= 0 ? 0 : 100 * top.totalMs() / st.totalMs();
        List<Evidence> ev = new ArrayList<>(List.of(new Evidence(DATABASE_SHARE.name(), cost, Unit.PERCENT),
                new Evidence("statement share of connection hold time", 100 * in.holdShare(), Unit.PERCENT),
                new Evidence("statement time per request", perRequest, Unit.MILLISECONDS),
                new Evidence("top statement mean", top.time().meanMs(), Unit.MILLISECONDS),
                new Evidence("top statement fastest tenth", top.fastestMs(), Unit.MILLISECONDS),
                new Evidence("top statement p99", top.time().p99Ms(), Unit.MILLISECONDS),
                new Evidence("top statement share of statement time", topShare, Unit.PERCENT)));
        if (top.load().measured()) {
            ev.add(new Evidence("top statement time growth with statements at once", top.load().growth(),
                    Unit.COUNT));
        }
        int score = DATABASE_SHARE.score(cost);
        if (score < 25) {
            return result(score, "ok", ev, num(cost), num(perRequest), num(st.executions()));
        }
        return result(score, "found", ev, num(cost), num(100 * in.holdShare()),
                Statement.shortText(top.sql()),
                top.count(), num(top.time().meanMs()), num(top.fastestMs()), num(top.time().p99Ms()),
                num(topShare), num(top.use().perRequest()), saturation(top.load()));
    }

    /** Whether the statement's time grew with the statements running at once, in numbers. */
    static String saturation(Statements.Load load) {
        if (load.busiest() == null) {
            return Messages.format("database-slow.load.none");
        }
        if (!load.measured()) {
            return Messages.format("database-slow.load.unknown", load.busiest().level());
        }
        return Messages.format(
                load.saturated() ? "database-slow.load.saturated" : "database-slow.load.kept-up",
                num(load.lowest().typicalMs()), load.lowest().level(), num(load.busiest().typicalMs()),
                load.busiest().level(), num(load.growth()));
    }

    /** f of each hold was the database's ({@link #databaseShareOfHold}): f of the pool wait goes with it. */
    @Override
    public List<Link> explains(RunModel run) {
        return List.of(new Link(id(), "pool-starvation", databaseShareOfHold(run.statements())));
    }

    @Override
    public String headline(RunModel run) {
        Statements.InRequests in = run.statements().inRequests();
        return shortText(num(in.requests() == 0 ? 0 : in.statementMs() / in.requests()),
                num(100 * in.holdShare()));
    }
}
