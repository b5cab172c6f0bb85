package dev.poolscope.analysis.model;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.jfr.LongMap;

/**
 * The JDK recording's stacks in the window, counted per kind (CPU samples; parks and monitor enters), thread and stack:
 * what its flame graphs draw, gathered in the same pass as everything else.
 */
final class StackCollector implements Collector<StackCollector> {
    private final Scope scope;
    /** Distinct (thread, stack) pairs kept: virtual threads are one per request, each with its own stacks. */
    static final int MAX_ENTRIES = 500_000;
    private final Map<Events.StackKind, Map<Long, Map<Events.Stack, long[]>>> counts = new EnumMap<>(
            Events.StackKind.class);
    /** The same maps per kind by thread, for the lookup per sample without boxing the thread id. */
    @SuppressWarnings("unchecked")
    private final LongMap<Map<Events.Stack, long[]>>[] index = new LongMap[Events.StackKind.values().length];

    {
        for (int i = 0; i < index.length; i++) {
            index[i] = new LongMap<>();
        }
    }
    long dropped;

    StackCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public StackCollector fork(Scope s) {
        return new StackCollector(s);
    }

    @Override
    public void join(StackCollector later) {
        later.counts.forEach((kind, byThread) -> byThread.forEach((thread, stacks) -> stacks
                .forEach((stack, n) -> count(kind, thread, stack, n[0]))));
        dropped += later.dropped;
    }

    @Override
    public void stackSample(Events.StackSample e) {
        if (scope.in(e.timeNanos())) {
            count(e.kind(), e.javaThreadId(), e.stack(), 1);
        }
    }

    private void count(Events.StackKind kind, long thread, Events.Stack stack, long n) {
        LongMap<Map<Events.Stack, long[]>> byThread = index[kind.ordinal()];
        Map<Events.Stack, long[]> stacks = byThread.get(thread);
        if (stacks == null) {
            stacks = counts.computeIfAbsent(kind, k -> new HashMap<>()).computeIfAbsent(thread,
                    k -> new HashMap<>());
            byThread.put(thread, stacks);
        }
        long[] c = stacks.get(stack);
        if (c == null) {
            if (scope.caps.stackEntries >= MAX_ENTRIES) {
                dropped += n;
                return;
            }
            scope.caps.stackEntries++;
            c = new long[1];
            stacks.put(stack, c);
        }
        c[0] += n;
    }

    /** The stacks counted, per kind and thread. */
    StackProfiles profiles() {
        return new StackProfiles(counts);
    }
}
