package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.format.summary.Summary;
import dev.poolscope.format.summary.SummaryPaths;

/**
 * Which setting was best for the client and for the server, what fewer threads changed, and the thread count the
 * runs' own Little's-law arithmetic recommends. Sentences are templates ({@code compare.*} in messages.properties).
 */
public record Verdict(String rankedBy, ComparedRun best, ComparedRun worst, ComparedRun bestThroughput,
        ComparedRun bestServer, Integer threads, ComparedRun threadsFrom, List<String> sentences) {

    /** A change smaller than this share is "no change": runs on a shared 2-core machine are noisy. */
    static final double MEANINGFUL = 0.10;

    public static Verdict of(String knob, List<ComparedRun> usable) {
        if (usable.isEmpty()) {
            throw new IllegalArgumentException("no usable runs");
        }
        List<String> s = new ArrayList<>();
        boolean client = usable.stream().allMatch(r -> positive(r.number(SummaryPaths.CLIENT_COUNT)));
        String rankedBy = client ? SummaryPaths.CLIENT_P99 : SummaryPaths.SERVER_P99;
        ComparedRun best = min(usable, r -> r.number(rankedBy));
        // On a tie the best and the worst must still be two runs, or the differential flame graph compares a run with itself.
        List<ComparedRun> others = usable.stream().filter(r -> r != best).toList();
        ComparedRun worst = others.isEmpty() ? best : max(others, r -> r.number(rankedBy));
        ComparedRun bestRps = max(usable, r -> r.number(Summary.THROUGHPUT_RPS));
        ComparedRun bestServer = min(usable, r -> r.number(SummaryPaths.SERVER_P99));
        if (client) {
            s.add(Messages.format("compare.ranked.client", best.label(), ms(best, SummaryPaths.CLIENT_P99),
                    rps(best), worst.label(), ms(worst, SummaryPaths.CLIENT_P99), rps(worst)));
        } else {
            s.add(Messages.format("compare.ranked.server-only", best.label(),
                    ms(best, SummaryPaths.SERVER_P99),
                    worst.label(), ms(worst, SummaryPaths.SERVER_P99)));
        }
        if (bestRps != best) {
            s.add(Messages.format("compare.throughput", bestRps.label(), rps(bestRps)));
        }
        ComparedRun worstServer = max(usable, r -> r.number(SummaryPaths.SERVER_P99));
        s.add(Messages.format("compare.server", bestServer.label(), ms(bestServer, SummaryPaths.SERVER_P99),
                worstServer.label(), ms(worstServer, SummaryPaths.SERVER_P99)));
        if ("threads".equals(knob) && usable.size() >= 2) {
            fewerThreads(usable, client ? best : null, s);
        }
        ComparedRun from = best.number(Summary.RECOMMENDED_THREADS) != null
                ? best
                : usable.stream().filter(r -> r.number(Summary.RECOMMENDED_THREADS) != null).findFirst()
                        .orElse(null);
        Integer threads = from == null ? null : from.number(Summary.RECOMMENDED_THREADS).intValue();
        if (from == null && !usable.isEmpty() && usable.stream().allMatch(Verdict::recommendsNoChange)) {
            s.add(Messages.format("compare.recommend.none", String.join(", ",
                    usable.stream().map(r -> r.label() + ": " + primaryCause(r)).toList())));
        } else if (from == null) {
            s.add(Messages.format("compare.recommend.na"));
        } else {
            List<String> per = new ArrayList<>();
            for (ComparedRun r : usable) {
                Double n = r.number(Summary.RECOMMENDED_THREADS);
                per.add(r.label() + ": " + (n == null ? "?" : num(n)));
            }
            s.add(Messages.format(from == best ? "compare.recommend" : "compare.recommend.other",
                    String.valueOf(threads),
                    from.label(), String.join(", ", per)));
        }
        if ("threads".equals(knob)) {
            s.addAll(UslFit.sentences(usable));
        }
        return new Verdict(rankedBy, best, worst, bestRps, bestServer, threads, from, List.copyOf(s));
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
     * Most threads against the best setting for the client (or, when that is the most threads or there is no client
     * view, the fewest): did server time fall, did the client see it, and where the waiting went.
     */
    private static void fewerThreads(List<ComparedRun> usable, ComparedRun bestForClient, List<String> s) {
        boolean client = bestForClient != null;
        ComparedRun most = max(usable, r -> RunSet.number(r.value()));
        ComparedRun fewest = client && bestForClient != most
                ? bestForClient
                : min(usable, r -> RunSet.number(r.value()));
        if (most == fewest || most.number(SummaryPaths.SERVER_P99) == null
                || fewest.number(SummaryPaths.SERVER_P99) == null) {
            return;
        }
        double serverBefore = most.number(SummaryPaths.SERVER_P99);
        double serverAfter = fewest.number(SummaryPaths.SERVER_P99);
        boolean serverFell = fell(serverBefore, serverAfter);
        s.add(Messages.format(serverFell ? "compare.fewer.server.yes" : "compare.fewer.server.no",
                most.label(),
                fewest.label(), num(serverBefore), num(serverAfter)));
        if (!client) {
            return;
        }
        double clientBefore = most.number(SummaryPaths.CLIENT_P99);
        double clientAfter = fewest.number(SummaryPaths.CLIENT_P99);
        s.add(Messages.format(
                fell(clientBefore, clientAfter) ? "compare.fewer.client.yes" : "compare.fewer.client.no",
                num(clientBefore), num(clientAfter)));
        Double ds = delta(most, fewest, SummaryPaths.SERVER_MEAN);
        Double db = delta(most, fewest, SummaryPaths.BACKLOG_MEAN);
        Double dc = delta(most, fewest, SummaryPaths.CLIENT_MEAN);
        if (ds == null || db == null || dc == null || ds >= 0 || !serverFell) {
            return;
        }
        if (db > 0 && db >= 0.5 * -ds) {
            s.add(Messages.format("compare.closedloop.moved", num(-ds), num(db), signed(dc)));
        } else if (dc < 0) {
            s.add(Messages.format("compare.closedloop.real", num(-ds), signed(db), num(-dc)));
        }
    }

    private static boolean fell(double before, double after) {
        return after < before * (1 - MEANINGFUL);
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

    private static String ms(ComparedRun r, String path) {
        Double v = r.number(path);
        return v == null ? "?" : num(v);
    }

    private static String rps(ComparedRun r) {
        Double v = r.number(Summary.THROUGHPUT_RPS);
        return v == null ? "?" : num(v);
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

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "Verdict[%s best=%s worst=%s]", rankedBy, best.label(),
                worst.label());
    }
}
