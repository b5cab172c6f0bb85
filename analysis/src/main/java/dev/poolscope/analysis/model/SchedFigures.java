package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Schedstat totals of groups of threads (the workers, Redis' event loop, the carriers of virtual threads). */
final class SchedFigures {
    private SchedFigures() {
    }

    /** The threads that served {@code requests}. */
    static Set<Long> threadIds(List<RequestTimeline> requests) {
        Set<Long> ids = new HashSet<>();
        requests.forEach(r -> ids.add(r.threadId()));
        return ids;
    }

    /** Whether any of {@code ids} has usable schedstat samples. */
    static boolean usable(RunData data, Set<Long> ids) {
        return ids.stream().anyMatch(id -> data.sched.containsKey(id) && data.sched.get(id).usable());
    }

    /** Schedstat deltas inside the measured window (interpolated at its edges). */
    static SchedTotals of(RunData data, Collection<Long> ids, MeasuredWindow w) {
        return of(data.sched, ids, w);
    }

    /** The carriers of virtual threads, inside the measured window: none when requests ran on no virtual thread. */
    static SchedTotals carriers(RunData data, MeasuredWindow w) {
        return of(data.carriers, data.carriers.keySet(), w);
    }

    private static SchedTotals of(Map<Long, SchedSeries> series, Collection<Long> ids,
            MeasuredWindow w) {
        int n = 0;
        long cpu = 0;
        long rd = 0;
        long vol = 0;
        long invol = 0;
        long span = 0;
        List<String> names = new ArrayList<>();
        for (Long id : ids) {
            SchedSeries s = series.get(id);
            if (s == null || !s.usable()) {
                continue;
            }
            long from = Math.max(w.startNanos(), s.firstTime());
            long to = Math.min(w.endNanos(), s.lastTime());
            if (to <= from) {
                continue;
            }
            n++;
            cpu += s.cpuBetween(from, to);
            rd += s.runDelayBetween(from, to);
            vol += s.voluntaryBetween(from, to);
            invol += s.involuntaryBetween(from, to);
            span += to - from;
            if (names.size() < 3) {
                names.add(s.threadName);
            }
        }
        return new SchedTotals(n, cpu, rd, vol, invol, span, String.join(", ", names));
    }
}
