package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

/**
 * One figure's ranking among settings at the same load. {@code best} has the best median; {@code tied} are the others
 * whose medians the run-to-run {@link Spread} cannot tell from it; {@code worst} has the worst median, null when it
 * too is tied with the best (then no setting was better or worse than the noise allows).
 */
public record Ranking(Map<String, String> load, String path, boolean lowerIsBetter, Cell best,
        List<Cell> tied,
        Cell worst, Spread spread) {

    /** What the sentences call the figure: the subject, the figure and its unit. */
    record Figure(String path, String subject, String name, String unit, boolean lowerIsBetter) {
    }

    static final Figure CLIENT = new Figure(SummaryPaths.CLIENT_P99, "Best for the client", "client p99",
            "ms", true);
    static final Figure SERVER = new Figure(SummaryPaths.SERVER_P99, "Best for the server", "server p99",
            "ms", true);
    static final Figure THROUGHPUT = new Figure(Summary.THROUGHPUT_RPS, "Highest throughput", "throughput",
            "req/s",
            false);

    /** Null when no cell has the figure. */
    static Ranking of(Map<String, String> load, List<Cell> cells, Figure f, Spread spread) {
        List<Cell> with = cells.stream().filter(c -> value(c, f.path()) != null).toList();
        if (with.isEmpty()) {
            return null;
        }
        Cell best = with.getFirst();
        Cell worst = with.getFirst();
        for (Cell c : with) {
            if (better(value(c, f.path()), value(best, f.path()), f.lowerIsBetter())) {
                best = c;
            }
            if (better(value(worst, f.path()), value(c, f.path()), f.lowerIsBetter())) {
                worst = c;
            }
        }
        List<Cell> tied = new ArrayList<>();
        for (Cell c : with) {
            if (c != best && !spread.differ(c, best)) {
                tied.add(c);
            }
        }
        return new Ranking(load, f.path(), f.lowerIsBetter(), best, List.copyOf(tied),
                worst == best || tied.contains(worst) ? null : worst, spread);
    }

    /** The best, ahead of every other setting beyond the noise. */
    public boolean clear() {
        return tied.isEmpty();
    }

    String sentence(Figure f, List<Cell> cells) {
        if (clear() && worst != null) {
            return Sentences.format("compare.rank.best", f.subject(), best.label(), f.name(), value(best, f),
                    f.lowerIsBetter() ? "lower" : "higher", worst.label(), value(worst, f));
        }
        if (worst != null) {
            List<String> others = tied.stream().map(c -> c.label() + " at " + value(c, f)).toList();
            return Sentences.format("compare.rank.tie", f.subject(), best.label(),
                    f.lowerIsBetter() ? "lowest" : "highest", f.name(), value(best, f), and(others),
                    worst.label(), value(worst, f));
        }
        List<String> all = cells.stream().filter(c -> value(c, f.path()) != null)
                .map(c -> c.label() + " at " + value(c, f)).toList();
        return Sentences.format("compare.rank.none", f.subject(), f.name(), and(all));
    }

    /** "2741 ms (2 runs, 2700–2780)" or "3972 ms (one run)". */
    String value(Cell c, Figure f) {
        return value(c, f.path(), f.unit());
    }

    static String value(Cell c, String path, String unit) {
        Double v = value(c, path);
        double[] r = c.range(path);
        long n = c.runs().stream().filter(x -> x.number(path) != null).count();
        if (v == null) {
            return "?";
        }
        if (n < 2 || r == null) {
            return Sentences.format("compare.value.one", num(v), unit);
        }
        return Sentences.format("compare.value.runs", num(v), unit, Long.toString(n), num(r[0]), num(r[1]));
    }

    /** "a, b and c"; "a; b and c" when an item has a comma of its own (a matrix label). */
    static String and(List<String> items) {
        if (items.size() <= 1) {
            return String.join("", items);
        }
        String sep = items.stream().anyMatch(i -> i.contains(", ")) ? "; " : ", ";
        return String.join(sep, items.subList(0, items.size() - 1)) + " and " + items.getLast();
    }

    private static Double value(Cell c, String path) {
        return c.median().number(path);
    }

    private static boolean better(Double a, Double b, boolean lower) {
        if (a == null) {
            return false;
        }
        if (b == null) {
            return true;
        }
        return lower ? a < b : a > b;
    }
}
