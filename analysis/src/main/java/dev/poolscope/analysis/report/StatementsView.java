package dev.poolscope.analysis.report;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.Statements;

/**
 * The SQL statements ranked by total time (count, mean, p99, rows, share of the connection-hold time, executions per
 * request, the paths that ran them), and for the first few how their time changed with the statements running at once:
 * the saturation test, per level its fastest tenth and median.
 */
final class StatementsView {
    static final int LOADS = 3;

    public record Load(String title, Table levels) {
    }

    public record View(String note, Table ranked, List<Load> loads) {
    }

    View build(RunModel run) {
        Statements st = run.statements();
        if (!st.recorded()) {
            return new View(
                    "No SQL statements recorded (an agent without statement hooks, or statements=false).",
                    null, List.of());
        }
        double hold = st.inRequests().holdMs();
        List<List<String>> rows = new ArrayList<>();
        for (Statements.Statement s : st.ranked()) {
            rows.add(List.of(s.sql(), Long.toString(s.count()), Fmt.num(s.totalMs()),
                    Fmt.num(s.time().meanMs()), Fmt.num(s.time().p99Ms()),
                    s.rowsKnown() == 0 ? "" : Long.toString(s.rows()),
                    hold <= 0 ? "n/a" : Fmt.pct(100 * s.use().inHoldMs() / hold),
                    s.use().requests() == 0
                            ? ""
                            : Fmt.num(s.use().perRequest()) + " (max "
                                    + s.use().maxPerRequest() + ")",
                    paths(s.use()), growth(s.load()), s.failures() == 0 ? "" : Long.toString(s.failures())));
        }
        String note = st.executions() + " executions of " + st.texts() + " distinct statements, "
                + Fmt.ms(st.totalMs()) + " in all"
                + (hold <= 0
                        ? ""
                        : "; " + Fmt.pct(100 * st.inRequests().holdShare())
                                + " of the time connections were held was inside a statement")
                + (st.otherExecutions() > 0
                        ? "; " + st.otherExecutions() + " executions of texts beyond the "
                                + "first distinct ones are counted in no row"
                        : "")
                + ". Texts are normalised by the agent (literals as ?).";
        List<Load> loads = new ArrayList<>();
        for (Statements.Statement s : st.ranked().subList(0, Math.min(LOADS, st.ranked().size()))) {
            if (s.load().levels().isEmpty()) {
                continue;
            }
            List<List<String>> levels = new ArrayList<>();
            for (Statements.Level l : s.load().levels()) {
                levels.add(
                        List.of(Integer.toString(l.level()), Long.toString(l.count()), Fmt.num(l.fastestMs()),
                                Fmt.num(l.typicalMs())));
            }
            loads.add(new Load(s.sql() + ": " + growth(s.load()), new Table(
                    List.of("statements at once", "executions", "fastest tenth ms", "median ms"), levels)));
        }
        return new View(note, new Table(List.of("statement", "count", "total ms", "mean ms", "p99 ms", "rows",
                "share of hold", "per request", "request paths", "time with more at once", "failed"), rows),
                List.copyOf(loads));
    }

    private static String paths(Statements.Use use) {
        List<String> out = new ArrayList<>();
        for (Statements.PathUse p : use.paths().subList(0, Math.min(3, use.paths().size()))) {
            out.add(p.path() + " (" + p.requests() + ")");
        }
        if (use.paths().size() > 3) {
            out.add((use.paths().size() - 3) + " more");
        }
        return String.join(", ", out);
    }

    /** The saturation test in words: the growth and what it says. */
    static String growth(Statements.Load load) {
        if (!load.measured()) {
            return "not measurable (too narrow a range of statements at once)";
        }
        return "growth " + Fmt.num(load.growth()) + (load.saturated() ? ": database saturated" : ": kept up");
    }
}
