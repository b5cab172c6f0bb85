package dev.poolscope.analysis.compare;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.poolscope.format.summary.Summary;

/**
 * The fewest worker threads the measurements allow: when the connection pool is what the runs waited for (a run's
 * primary cause, or a link of its cause chain, is {@code pool-starvation}), fewer threads than the pool has connections
 * leave connections idle while requests queue for a thread, so no count below the pool size is advised, whatever a
 * ranking inside the noise or a fitted curve says. {@code size} is the smallest pool of those runs (summary.json's
 * {@code pool_size}); {@code where} the settings that were pool-bound. Null from {@link #of} when no run was.
 */
record PoolFloor(int size, List<String> where) {
    static final String POOL_BOUND = "pool-starvation";

    static PoolFloor of(List<Cell> cells) {
        List<String> where = new ArrayList<>();
        Double size = null;
        for (Cell c : cells) {
            if (c.runs().stream().noneMatch(PoolFloor::poolBound)) {
                continue;
            }
            where.add(c.label());
            Double pool = c.median().number(Summary.POOL_SIZE);
            if (pool != null && pool > 0) {
                size = size == null ? pool : Math.min(size, pool);
            }
        }
        return where.isEmpty() || size == null
                ? null
                : new PoolFloor((int) Math.round(size), List.copyOf(where));
    }

    static boolean poolBound(ComparedRun r) {
        JsonNode cause = r.node(Summary.PRIMARY_CAUSE);
        if (cause != null && POOL_BOUND.equals(cause.asText())) {
            return true;
        }
        JsonNode chain = r.node(Summary.CAUSE_CHAIN);
        if (chain != null) {
            for (JsonNode link : chain) {
                if (POOL_BOUND.equals(link.path(Summary.CauseLink.RULE).asText())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The setting's worker-thread count: the knob's value, else what the server reported. */
    static Double threads(Cell c) {
        Double t = RunSet.number(c.setting().get("threads"));
        if (t == null) {
            t = RunSet.number(c.median().value());
        }
        return t != null ? t : c.median().number(Summary.MAX_THREADS);
    }

    boolean below(Cell c) {
        Double t = threads(c);
        return t != null && t < size;
    }

    /** "primary cause pool-starvation at threads=64 and threads=200". */
    String whereText() {
        return Ranking.and(where);
    }
}
