package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

/**
 * Which setting was best for the client and for the server, beyond the run-to-run {@link Spread} and only against
 * settings at the same load; what fewer threads changed ({@link FewerThreads}); the thread count the runs' own
 * Little's-law arithmetic recommends, never below the {@link PoolFloor} ({@link AdvisedThreads}). Sentences are
 * templates ({@code compare.*} in explain.properties).
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
            s.add(Sentences.format("compare.server-only"));
        }
        List<Ranking> rankings = new ArrayList<>();
        List<Cell> last = rankAtEachLoad(knobs, cells, figures, spreads, rankings, s);
        PoolFloor floor = PoolFloor.of(cells);
        Ranking top = lastOf(rankings, ranked.path());
        if (floor != null) {
            rankings.stream().filter(r -> r.path().equals(ranked.path())).forEach(r -> front(r).stream()
                    .filter(floor::below).forEach(c -> s.add(Sentences.format("compare.floor.pool", c.label(),
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
            FewerThreads.sentences(cells, client ? top : null, floor, spreads, s);
        }
        ComparedRun advised = AdvisedThreads.advised(top, floor, best);
        Integer threads = AdvisedThreads.recommend(settings, advised, top, top == null && cells.size() > 1,
                s);
        ComparedRun from = AdvisedThreads.from(settings, advised);
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
            s.add(Sentences.format("compare.load.groups", Integer.toString(groups.size()),
                    String.join(", ", loads)));
        }
        if (groups.size() > 1 && groups.size() == cells.size()) {
            s.add(Sentences.format("compare.load.only", String.join(", ", loads)));
            return List.of(cells.getLast());
        }
        List<Cell> last = null;
        for (Map<String, String> g : groups) {
            List<Cell> group = cells.stream().filter(c -> Pivot.project(c.setting(), loads).equals(g))
                    .toList();
            String at = Pivot.text(g, false);
            if (group.size() < 2) {
                s.add(Sentences.format("compare.load.single", at, group.getFirst().label()));
                last = last == null || last.size() < 2 ? group : last;
                continue;
            }
            last = group;
            for (Ranking.Figure f : figures) {
                Ranking r = Ranking.of(loads.isEmpty() ? null : g, group, f, spreads.get(f.path()));
                if (r != null) {
                    rankings.add(r);
                    String sentence = r.sentence(f, group);
                    s.add(groups.size() > 1 ? Sentences.format("compare.at.load", at, sentence) : sentence);
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

    /** The best and the settings tied with it, best first. */
    static List<Cell> front(Ranking r) {
        List<Cell> front = new ArrayList<>(r.tied());
        front.addFirst(r.best());
        return front;
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
