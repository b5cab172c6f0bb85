package dev.poolscope.analysis.model;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/**
 * The JDK recording's stacks in the window, counted per kind (CPU samples; parks and monitor enters), thread and stack:
 * what its flame graphs draw, gathered in the same pass as everything else.
 */
final class StackCollector implements Collector<StackCollector> {
    private final Scope scope;
    private final Map<Events.StackKind, Map<Long, Map<Events.Stack, long[]>>> counts = new EnumMap<>(
            Events.StackKind.class);

    StackCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public StackCollector fork(Scope s) {
        return new StackCollector(s);
    }

    @Override
    public void join(StackCollector later) {
        later.counts.forEach((kind, byThread) -> byThread.forEach((thread, stacks) -> {
            Map<Events.Stack, long[]> mine = of(kind, thread);
            stacks.forEach((stack, n) -> mine.computeIfAbsent(stack, k -> new long[1])[0] += n[0]);
        }));
    }

    @Override
    public void stackSample(Events.StackSample e) {
        if (scope.in(e.timeNanos())) {
            of(e.kind(), e.javaThreadId()).computeIfAbsent(e.stack(), k -> new long[1])[0]++;
        }
    }

    private Map<Events.Stack, long[]> of(Events.StackKind kind, long thread) {
        return counts.computeIfAbsent(kind, k -> new HashMap<>()).computeIfAbsent(thread,
                k -> new HashMap<>());
    }

    /** The stacks counted, per kind and thread. */
    StackProfiles profiles() {
        return new StackProfiles(counts);
    }
}
