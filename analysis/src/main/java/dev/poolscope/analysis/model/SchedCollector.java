package dev.poolscope.analysis.model;

import java.util.HashMap;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/**
 * Each thread's schedstat counters over time (poolscope.ThreadSchedStat), whatever the window: deltas need edges. The
 * carriers of virtual threads apart, by OS thread id: they have no Java thread id in the recording.
 */
final class SchedCollector implements Collector<SchedCollector> {
    final Map<Long, SchedSeries> sched = new HashMap<>();
    final Map<Long, SchedSeries> carriers = new HashMap<>();

    @Override
    public SchedCollector fork(Scope s) {
        return new SchedCollector();
    }

    @Override
    public void join(SchedCollector later) {
        join(sched, later.sched);
        join(carriers, later.carriers);
    }

    private static void join(Map<Long, SchedSeries> mine, Map<Long, SchedSeries> later) {
        // Copied, never shared: a time segment is joined into the judged read and again into the steady part
        // (Segments).
        later.forEach((id, s) -> mine.computeIfAbsent(id, k -> new SchedSeries()).addAll(s));
    }

    @Override
    public void schedStat(Events.SchedStat e) {
        // Earlier agents wrote -1 for a counter they could not read (a thread ending mid-sample); kept, it would
        // read as a counter that fell and give negative deltas.
        if (e.cpuNanos() < 0 || e.runDelayNanos() < 0 || e.voluntarySwitches() < 0
                || e.involuntarySwitches() < 0) {
            return;
        }
        SchedSeries s = e.carrier()
                ? carriers.computeIfAbsent(e.osThreadId(), k -> new SchedSeries())
                : sched.computeIfAbsent(e.javaThreadId(), k -> new SchedSeries());
        s.threadName = e.threadName();
        s.osThreadId = e.osThreadId();
        s.add(e.timeNanos(), e.cpuNanos(), e.runDelayNanos(), e.involuntarySwitches(), e.voluntarySwitches());
    }
}
