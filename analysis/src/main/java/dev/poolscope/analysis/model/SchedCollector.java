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
        SchedSeries s = sched.computeIfAbsent(e.javaThreadId(), k -> new SchedSeries());
        s.threadName = e.threadName();
        s.osThreadId = e.osThreadId();
        s.add(e.timeNanos(), e.cpuNanos(), e.runDelayNanos(), e.involuntarySwitches(), e.voluntarySwitches());
    }
}
