package dev.poolscope.analysis.model;

import java.util.Map;
import java.util.Set;
import java.util.function.ObjLongConsumer;

import dev.poolscope.analysis.recording.Events;

/** The JDK recording's stacks in the measured window, counted per kind, thread and stack. */
public final class StackProfiles {
    public static final StackProfiles NONE = new StackProfiles(Map.of());

    private final Map<Events.StackKind, Map<Long, Map<Events.Stack, long[]>>> counts;

    StackProfiles(Map<Events.StackKind, Map<Long, Map<Events.Stack, long[]>>> counts) {
        this.counts = counts;
    }

    /** Each stack of {@code kind} on {@code threads} (null: every thread) with its count, merged across threads. */
    public void forEach(Events.StackKind kind, Set<Long> threads, ObjLongConsumer<Events.Stack> each) {
        Map<Long, Map<Events.Stack, long[]>> byThread = counts.getOrDefault(kind, Map.of());
        byThread.forEach((thread, stacks) -> {
            if (threads == null || threads.contains(thread)) {
                stacks.forEach((stack, n) -> each.accept(stack, n[0]));
            }
        });
    }

    /** How many of {@code kind} on {@code threads} (null: every thread). */
    public long count(Events.StackKind kind, Set<Long> threads) {
        long[] n = {0};
        forEach(kind, threads, (s, c) -> n[0] += c);
        return n[0];
    }
}
