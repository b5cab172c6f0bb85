package dev.poolscope.analysis.model;

import java.util.HashMap;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/** Each thread's schedstat counters over time (poolscope.ThreadSchedStat), whatever the window: deltas need edges. */
final class SchedCollector implements Collector<SchedCollector> {
    final Map<Long, SchedSeries> sched = new HashMap<>();

    @Override
    public SchedCollector fork(Scope s) {
        return new SchedCollector();
    }

    @Override
    public void join(SchedCollector later) {
        later.sched.forEach((id, s) -> {
            SchedSeries mine = sched.get(id);
            if (mine == null) {
                sched.put(id, s);
            } else {
                mine.addAll(s);
            }
        });
    }

    @Override
    public void schedStat(Events.SchedStat e) {
        // Earlier agents wrote -1 for a counter they could not read (a thread ending mid-sample); kept, it would
        // read as a counter that fell and give negative deltas.
        if (e.cpuNanos() < 0 || e.runDelayNanos() < 0 || e.voluntarySwitches() < 0
                || e.involuntarySwitches() < 0) {
            return;
        }
        SchedSeries s = sched.computeIfAbsent(e.javaThreadId(), k -> new SchedSeries());
        s.threadName = e.threadName();
        s.osThreadId = e.osThreadId();
        s.add(e.timeNanos(), e.cpuNanos(), e.runDelayNanos(), e.involuntarySwitches(), e.voluntarySwitches());
    }
}
