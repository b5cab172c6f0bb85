package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import dev.poolscope.format.summary.SummaryPaths;

/**
 * What fewer threads changed, in a comparison over the thread count: most threads against the best setting for the
 * client (of those tied for best, the lowest median that is not below the pool floor; without a client view, or when
 * that is the most threads, the fewest): did server time fall beyond the spread, did the client see it, and where the
 * waiting went (a closed loop moves it into the accept backlog).
 */
final class FewerThreads {
    private FewerThreads() {
    }

    static void sentences(List<Cell> cells, Ranking client, PoolFloor floor, Map<String, Spread> spreads,
            List<String> s) {
        Cell most = cells.stream().max(Comparator.comparingDouble(c -> threadsOr(c, 0))).orElseThrow();
        Cell fewest = null;
        if (client != null) {
            fewest = Verdict.front(client).stream().filter(c -> floor == null || !floor.below(c)).findFirst()
                    .orElse(null);
        }
        if (fewest == null || fewest == most) {
            fewest = cells.stream().min(Comparator.comparingDouble(c -> threadsOr(c, Double.MAX_VALUE)))
                    .orElseThrow();
        }
        ComparedRun a = most.median();
        ComparedRun b = fewest.median();
        if (most == fewest || a.number(SummaryPaths.SERVER_P99) == null
                || b.number(SummaryPaths.SERVER_P99) == null) {
            return;
        }
        double serverBefore = a.number(SummaryPaths.SERVER_P99);
        double serverAfter = b.number(SummaryPaths.SERVER_P99);
        boolean serverFell = fell(spreads.get(SummaryPaths.SERVER_P99), most, fewest);
        s.add(Sentences.format(serverFell ? "compare.fewer.server.yes" : "compare.fewer.server.no",
                most.label(),
                fewest.label(), num(serverBefore), num(serverAfter)));
        if (client == null) {
            return;
        }
        s.add(Sentences.format(
                fell(spreads.get(SummaryPaths.CLIENT_P99), most, fewest)
                        ? "compare.fewer.client.yes"
                        : "compare.fewer.client.no",
                num(a.number(SummaryPaths.CLIENT_P99)), num(b.number(SummaryPaths.CLIENT_P99))));
        Double ds = delta(a, b, SummaryPaths.SERVER_MEAN);
        Double db = delta(a, b, SummaryPaths.BACKLOG_MEAN);
        Double dc = delta(a, b, SummaryPaths.CLIENT_MEAN);
        if (ds == null || db == null || dc == null || ds >= 0 || !serverFell) {
            return;
        }
        if (db > 0 && db >= 0.5 * -ds) {
            s.add(Sentences.format("compare.closedloop.moved", num(-ds), num(db), signed(dc)));
        } else if (dc < 0) {
            s.add(Sentences.format("compare.closedloop.real", num(-ds), signed(db), num(-dc)));
        }
    }

    private static double threadsOr(Cell c, double otherwise) {
        Double t = PoolFloor.threads(c);
        return t == null ? otherwise : t;
    }

    /** Lower at {@code after} than at {@code before} by more than the spread. */
    private static boolean fell(Spread spread, Cell before, Cell after) {
        Double b = before.median().number(spread.path());
        Double a = after.median().number(spread.path());
        return a != null && b != null && a < b && spread.differ(before, after);
    }

    private static Double delta(ComparedRun from, ComparedRun to, String path) {
        Double a = from.number(path);
        Double b = to.number(path);
        return a == null || b == null ? null : b - a;
    }

    private static String signed(double v) {
        return (v > 0 ? "+" : "") + num(v);
    }
}
