package dev.poolscope.analysis.model;

import java.util.HashMap;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/**
 * CPU samples: the JDK's execution samples per thread (whatever the window: a request's CPU can be estimated from
 * them), and in the window the JDK's and async-profiler's totals and how many of them were Hikari's hand-off spin.
 */
final class CpuSampleCollector implements Collector<CpuSampleCollector> {
    private final Scope scope;
    final Map<Long, LongList> byThread = new HashMap<>();
    long total;
    long yieldSpin;
    /** async-profiler's CPU samples in the window, and those of them in the hand-off spin. */
    long profiler;
    long profilerYieldSpin;

    CpuSampleCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public CpuSampleCollector fork(Scope s) {
        return new CpuSampleCollector(s);
    }

    /** Absorbs a time segment outside the steady part: its samples per thread, kept whatever the window. */
    void joinOutside(CpuSampleCollector later) {
        later.byThread.forEach((id, l) -> byThread.computeIfAbsent(id, k -> new LongList()).addAll(l));
    }

    @Override
    public void join(CpuSampleCollector later) {
        joinOutside(later);
        total += later.total;
        yieldSpin += later.yieldSpin;
        profiler += later.profiler;
        profilerYieldSpin += later.profilerYieldSpin;
    }

    @Override
    public void cpuSample(Events.CpuSample e) {
        byThread.computeIfAbsent(e.thread().javaThreadId(), k -> new LongList()).add(e.timeNanos());
        if (scope.in(e.timeNanos())) {
            total++;
            if (e.yieldSpin()) {
                yieldSpin++;
            }
        }
    }

    /** One of async-profiler's CPU samples (its own file, read after the JDK recording). */
    void profilerSample(long timeNanos, boolean spin) {
        if (scope.in(timeNanos)) {
            profiler++;
            if (spin) {
                profilerYieldSpin++;
            }
        }
    }
}
