package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.format.summary.Summary;

/**
 * The comparison's thread-count recommendation: the one the runs' own diagnoses computed (Little's-law arithmetic on
 * their measurements), taken from the best setting that is not below the {@link PoolFloor}, and the sentence saying
 * where it came from; none when every run recommends keeping the count, or when the best setting ran on virtual
 * threads (there is no worker pool to size; the sentence gives the platform settings' count beside it).
 */
final class AdvisedThreads {
    private AdvisedThreads() {
    }

    /**
     * The setting whose arithmetic the recommendation uses: the best for the client, or, of the settings tied for
     * best, the first (lowest median) that is not below the pool floor.
     */
    static ComparedRun advised(Ranking top, PoolFloor floor, ComparedRun best) {
        if (top == null) {
            return best;
        }
        return Verdict.front(top).stream().filter(c -> floor == null || !floor.below(c)).findFirst()
                .map(Cell::median).orElse(best);
    }

    /** The run the recommended count is taken from: {@code best}, or the first setting that has one. */
    static ComparedRun from(List<ComparedRun> settings, ComparedRun best) {
        return best.number(Summary.RECOMMENDED_THREADS) != null
                ? best
                : settings.stream().filter(r -> r.number(Summary.RECOMMENDED_THREADS) != null).findFirst()
                        .orElse(null);
    }

    /** {@code unranked}: the settings differed only in load, so there is no best to speak of. */
    static Integer recommend(List<ComparedRun> settings, ComparedRun best, Ranking top, boolean unranked,
            List<String> s) {
        ComparedRun from = from(settings, best);
        if (from == null && settings.stream().allMatch(AdvisedThreads::recommendsNoChange)) {
            s.add(Sentences.format("compare.recommend.none", String.join(", ",
                    settings.stream().map(r -> r.label() + ": " + primaryCause(r)).toList())));
            return null;
        }
        if (from == null) {
            s.add(Sentences.format("compare.recommend.na"));
            return null;
        }
        int threads = from.number(Summary.RECOMMENDED_THREADS).intValue();
        List<String> per = new ArrayList<>();
        for (ComparedRun r : settings) {
            Double n = r.number(Summary.RECOMMENDED_THREADS);
            per.add(r.label() + ": " + (n == null ? "?" : num(n)));
        }
        if (from != best && virtual(best)) {
            // The best setting has no worker pool: another setting's worker count is no recommendation for it.
            s.add(Sentences.format("compare.recommend.virtual", best.label(), String.valueOf(threads),
                    from.label(), String.join(", ", per)));
            return null;
        }
        String key = from != best
                ? "compare.recommend.other"
                : unranked
                        ? "compare.recommend.load"
                        : top != null && !top.clear() ? "compare.recommend.tie" : "compare.recommend";
        s.add(Sentences.format(key, String.valueOf(threads), from.label(), String.join(", ", per)));
        return threads;
    }

    private static String primaryCause(ComparedRun r) {
        JsonNode cause = r.node(Summary.PRIMARY_CAUSE);
        return cause == null ? "?" : cause.asText();
    }

    /** A run on virtual threads: its own diagnosis sizes no worker pool. */
    private static boolean virtual(ComparedRun r) {
        return kind(r, "virtual");
    }

    /** A run whose own diagnosis recommends keeping the thread count (healthy, or a root threads do not fix). */
    private static boolean recommendsNoChange(ComparedRun r) {
        return kind(r, "none");
    }

    private static boolean kind(ComparedRun r, String kind) {
        JsonNode k = r.node(Summary.RECOMMENDATION_KIND);
        return k != null && kind.equals(k.asText());
    }
}
