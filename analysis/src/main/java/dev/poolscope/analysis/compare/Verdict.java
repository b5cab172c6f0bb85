package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

/**
 * Which setting was best for the client and for the server, beyond the run-to-run {@link Spread} and only against
 * settings at the same load; what fewer threads changed; the thread count the runs' own Little's-law arithmetic
 * recommends, never below the {@link PoolFloor}. Sentences are templates ({@code compare.*} in explain.properties).
 * {@code best} and {@code worst} are the lowest and highest median at the last load (the differential flame graph's
 * pair); whether the best is a tie is in {@code rankings}.
 */
public record Verdict(String rankedBy, ComparedRun best, ComparedRun worst, ComparedRun bestThroughput,
        ComparedRun bestServer, Integer threads, ComparedRun threadsFrom, List<String> sentences,
        List<Ranking> rankings, Map<String, Spread> spreads) {

    /** Knobs that set the offered load: settings that differ in one are never ranked against each other. */
    static boolean loadKnob(String knob) {
        return knob.equals("vus") || knob.equals("plan") || knob.startsWith("prop:");
    }

    /** Runs that each stand for their own setting (no repeats). */
    public static Verdict of(String knob, List<ComparedRun> usable) {
        String rankBy = Cell.rankBy(usable);
        List<String> knobs = RunSet.NO_KNOB.equals(knob) ? List.of() : List.of(knob.split(" × "));
        return of(knobs, usable.stream().map(r -> Cell.of(List.of(r), rankBy)).toList());
    }

    public static Verdict of(List<String> knobs, List<Cell> cells) {
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("no usable runs");
        }
        List<String> s = new ArrayList<>();
        boolean client = cells.stream().allMatch(c -> positive(c.median().number(SummaryPaths.CLIENT_COUNT)));
        Ranking.Figure ranked = client ? Ranking.CLIENT : Ranking.SERVER;
        List<Ranking.Figure> figures = client
                ? List.of(Ranking.CLIENT, Ranking.THROUGHPUT, Ranking.SERVER)
                : List.of(Ranking.SERVER, Ranking.THROUGHPUT);
        Map<String, Spread> spreads = new LinkedHashMap<>();
        figures.forEach(f -> spreads.put(f.path(), Spread.of(cells, f.path())));
        s.add(Spread.sentence(cells, figures, spreads));
        if (!client) {
            s.add(Explain.format("compare.server-only"));
        }
        List<Ranking> rankings = new ArrayList<>();
        List<Cell> last = rankAtEachLoad(knobs, cells, figures, spreads, rankings, s);
        PoolFloor floor = PoolFloor.of(cells);
        Ranking top = lastOf(rankings, ranked.path());
        if (floor != null) {
            rankings.stream().filter(r -> r.path().equals(ranked.path())).forEach(r -> front(r).stream()
                    .filter(floor::below).forEach(c -> s.add(Explain.format("compare.floor.pool", c.label(),
                            num(PoolFloor.threads(c)), Integer.toString(floor.size()), floor.whereText()))));
        }
        List<ComparedRun> settings = last.stream().map(Cell::median).toList();
        ComparedRun best = top == null ? min(settings, r -> r.number(ranked.path())) : top.best().median();
        List<ComparedRun> others = settings.stream().filter(r -> r != best).toList();
        // On a tie the best and the worst must still be two runs, or the differential flame graph compares a run with itself.
        ComparedRun worst = others.isEmpty() ? best : max(others, r -> r.number(ranked.path()));
        ComparedRun bestRps = max(settings, r -> r.number(Summary.THROUGHPUT_RPS));
        ComparedRun bestServer = min(settings, r -> r.number(SummaryPaths.SERVER_P99));
        if (knobs.equals(List.of("threads")) && cells.size() >= 2) {
            fewerThreads(cells, client ? top : null, floor, spreads, s);
        }
        ComparedRun advised = advised(top, floor, best);
        Integer threads = recommend(settings, advised, top, top == null && cells.size() > 1, s);
        ComparedRun from = threadsFrom(settings, advised);
        if (knobs.equals(List.of("threads"))) {
            s.addAll(UslFit.sentences(cells, spreads.get(Summary.THROUGHPUT_RPS), floor));
        }
        return new Verdict(ranked.path(), best, worst, bestRps, bestServer, threads, from, List.copyOf(s),
                List.copyOf(rankings), java.util.Collections.unmodifiableMap(spreads));
    }

    /**
     * Ranks each figure among the settings at each load, adding the rankings and their sentences; returns the settings
     * of the last load with two or more (of the last load when none has two).
     */
    private static List<Cell> rankAtEachLoad(List<String> knobs, List<Cell> cells,
            List<Ranking.Figure> figures,
            Map<String, Spread> spreads, List<Ranking> rankings, List<String> s) {
        List<String> loads = knobs.stream().filter(Verdict::loadKnob).toList();
        List<Map<String, String>> groups = Pivot.keys(cells, loads);
        if (groups.size() > 1) {
            s.add(Explain.format("compare.load.groups", Integer.toString(groups.size()),
                    String.join(", ", loads)));
        }
        if (groups.size() > 1 && groups.size() == cells.size()) {
            s.add(Explain.format("compare.load.only", String.join(", ", loads)));
            return List.of(cells.getLast());
        }
        List<Cell> last = null;
        for (Map<String, String> g : groups) {
            List<Cell> group = cells.stream().filter(c -> Pivot.project(c.setting(), loads).equals(g))
                    .toList();
            String at = Pivot.text(g, false);
            if (group.size() < 2) {
                s.add(Explain.format("compare.load.single", at, group.getFirst().label()));
                last = last == null || last.size() < 2 ? group : last;
                continue;
            }
            last = group;
            for (Ranking.Figure f : figures) {
                Ranking r = Ranking.of(loads.isEmpty() ? null : g, group, f, spreads.get(f.path()));
                if (r != null) {
                    rankings.add(r);
                    String sentence = r.sentence(f, group);
                    s.add(groups.size() > 1 ? Explain.format("compare.at.load", at, sentence) : sentence);
                }
            }
        }
        return last;
    }

    private static Ranking lastOf(List<Ranking> rankings, String path) {
        Ranking out = null;
        for (Ranking r : rankings) {
            if (r.path().equals(path)) {
                out = r;
            }
        }
        return out;
    }

    /**
     * The setting whose arithmetic the recommendation uses: the best for the client, or, of the settings tied for
     * best, the first (lowest median) that is not below the pool floor.
     */
    private static ComparedRun advised(Ranking top, PoolFloor floor, ComparedRun best) {
        if (top == null) {
            return best;
        }
        return front(top).stream().filter(c -> floor == null || !floor.below(c)).findFirst()
                .map(Cell::median).orElse(best);
    }

    /** The best and the settings tied with it, best first. */
    static List<Cell> front(Ranking r) {
        List<Cell> front = new ArrayList<>(r.tied());
        front.addFirst(r.best());
        return front;
    }

    private static ComparedRun threadsFrom(List<ComparedRun> settings, ComparedRun best) {
        return best.number(Summary.RECOMMENDED_THREADS) != null
                ? best
                : settings.stream().filter(r -> r.number(Summary.RECOMMENDED_THREADS) != null).findFirst()
                        .orElse(null);
    }

    /** {@code unranked}: the settings differed only in load, so there is no best to speak of. */
    private static Integer recommend(List<ComparedRun> settings, ComparedRun best, Ranking top,
            boolean unranked,
            List<String> s) {
        ComparedRun from = threadsFrom(settings, best);
        if (from == null && settings.stream().allMatch(Verdict::recommendsNoChange)) {
            s.add(Explain.format("compare.recommend.none", String.join(", ",
                    settings.stream().map(r -> r.label() + ": " + primaryCause(r)).toList())));
            return null;
        }
        if (from == null) {
            s.add(Explain.format("compare.recommend.na"));
            return null;
        }
        int threads = from.number(Summary.RECOMMENDED_THREADS).intValue();
        List<String> per = new ArrayList<>();
        for (ComparedRun r : settings) {
            Double n = r.number(Summary.RECOMMENDED_THREADS);
            per.add(r.label() + ": " + (n == null ? "?" : num(n)));
        }
        String key = from != best
                ? "compare.recommend.other"
                : unranked
                        ? "compare.recommend.load"
                        : top != null && !top.clear() ? "compare.recommend.tie" : "compare.recommend";
        s.add(Explain.format(key, String.valueOf(threads), from.label(), String.join(", ", per)));
        return threads;
    }

    private static String primaryCause(ComparedRun r) {
        JsonNode cause = r.node(Summary.PRIMARY_CAUSE);
        return cause == null ? "?" : cause.asText();
    }

    /** A run whose own diagnosis recommends keeping the thread count (healthy, or a root threads do not fix). */
    private static boolean recommendsNoChange(ComparedRun r) {
        JsonNode kind = r.node(Summary.RECOMMENDATION_KIND);
        return kind != null && "none".equals(kind.asText());
    }

    /**
     * Most threads against the best setting for the client (of those tied for best, the lowest median that is not
     * below the pool floor; without a client view, or when that is the most threads, the fewest): did server time
     * fall beyond the spread, did the client see it, and where the waiting went.
     */
    private static void fewerThreads(List<Cell> cells, Ranking client, PoolFloor floor,
            Map<String, Spread> spreads,
            List<String> s) {
        Cell most = cells.stream().max(Comparator.comparingDouble(c -> threadsOr(c, 0))).orElseThrow();
        Cell fewest = null;
        if (client != null) {
            fewest = front(client).stream().filter(c -> floor == null || !floor.below(c)).findFirst()
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
        s.add(Explain.format(serverFell ? "compare.fewer.server.yes" : "compare.fewer.server.no",
                most.label(),
                fewest.label(), num(serverBefore), num(serverAfter)));
        if (client == null) {
            return;
        }
        s.add(Explain.format(
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
            s.add(Explain.format("compare.closedloop.moved", num(-ds), num(db), signed(dc)));
        } else if (dc < 0) {
            s.add(Explain.format("compare.closedloop.real", num(-ds), signed(db), num(-dc)));
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

    private static boolean positive(Double v) {
        return v != null && v > 0;
    }

    /** First run with the smallest value (runs without one last); ties keep the knob order. */
    static ComparedRun min(List<ComparedRun> runs, Function<ComparedRun, Double> f) {
        return runs.stream()
                .min(Comparator.comparing(r -> f.apply(r) == null ? Double.MAX_VALUE : f.apply(r)))
                .orElseThrow();
    }

    static ComparedRun max(List<ComparedRun> runs, Function<ComparedRun, Double> f) {
        ComparedRun best = runs.getFirst();
        for (ComparedRun r : runs) {
            Double v = f.apply(r);
            Double b = f.apply(best);
            if (v != null && (b == null || v > b)) {
                best = r;
            }
        }
        return best;
    }

    /**
     * For one line of output: the best for the client (or by server p99) at the last load, "a tie of A, B" when the
     * spread cannot tell them apart, "none beyond the spread" when no setting differed.
     */
    public String bestText() {
        Ranking top = lastOf(rankings, rankedBy);
        if (top == null || top.clear()) {
            return best.label();
        }
        if (top.worst() == null) {
            return "none beyond the run-to-run spread";
        }
        List<String> tied = new ArrayList<>();
        tied.add(top.best().label());
        top.tied().forEach(c -> tied.add(c.label()));
        return "a tie of " + String.join("; ", tied);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "Verdict[%s best=%s worst=%s]", rankedBy, best.label(),
                worst.label());
    }
}
