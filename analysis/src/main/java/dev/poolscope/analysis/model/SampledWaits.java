package dev.poolscope.analysis.model;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/**
 * async-profiler's wall-clock samples of sleeping threads, per thread: when, how many samples it stands for, and the
 * cause its stack names ({@link #UNNAMED} when none). Kept compact: a time and one int per sample.
 */
final class SampledWaits {
    /** The slot of samples whose stack names no cause, after the causes' ordinals. */
    static final int UNNAMED = Cause.ALL.length;
    static final int SLOTS = UNNAMED + 1;
    static final long MAX_SAMPLES = 5_000_000;

    private final Map<Long, Series> byThread = new HashMap<>();
    long count;
    long dropped;

    /**
     * A sample the collectors {@code c} of the recording say can name a wait: its thread served a kept request and,
     * with a sample of the requests, it falls inside a chosen one (the others' would fill the cap and starve the later
     * kept requests).
     */
    void offer(Events.WallSample e, RunCollectors c) {
        if (e.javaThreadId() < 0 || !c.scope.keep(e.timeNanos())
                || !c.requests.threads.containsKey(e.javaThreadId())) {
            return;
        }
        RequestSample.Lookup s = c.scope.sample;
        if (s.active() && !s.overlapsChosen(e.javaThreadId(), e.timeNanos(), e.timeNanos())) {
            return;
        }
        add(e.javaThreadId(), e.timeNanos(), e.weight(),
                e.kind() == null ? null : SpanKind.of(e.kind()).cause);
    }

    /** {@code cause} null: the stack names none. */
    void add(long threadId, long timeNanos, long weight, Cause cause) {
        if (count >= MAX_SAMPLES) {
            dropped++;
            return;
        }
        count++;
        int slot = cause == null ? UNNAMED : cause.ordinal();
        byThread.computeIfAbsent(threadId, k -> new Series()).add(timeNanos,
                (int) Math.min(Integer.MAX_VALUE >> 5, weight) << 5 | slot);
    }

    void seal() {
        byThread.values().forEach(Series::seal);
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** Adds the weight of the thread's samples in [from, to) to {@code slots} (indexed by cause ordinal, then UNNAMED). */
    void weigh(long threadId, long from, long to, long[] slots) {
        Series s = byThread.get(threadId);
        if (s == null) {
            return;
        }
        for (int i = s.lowerBound(from); i < s.size && s.times[i] < to; i++) {
            slots[s.codes[i] & 31] += s.codes[i] >>> 5;
        }
    }

    private static final class Series {
        long[] times = new long[16];
        int[] codes = new int[16];
        int size;

        void add(long t, int code) {
            if (size == times.length) {
                times = Arrays.copyOf(times, size * 2);
                codes = Arrays.copyOf(codes, size * 2);
            }
            times[size] = t;
            codes[size++] = code;
        }

        void seal() {
            for (int i = 1; i < size; i++) {
                if (times[i] < times[i - 1]) {
                    sortByTime();
                    return;
                }
            }
        }

        private void sortByTime() {
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Long.compare(times[a], times[b]));
            long[] t = new long[size];
            int[] c = new int[size];
            for (int i = 0; i < size; i++) {
                t[i] = times[order[i]];
                c[i] = codes[order[i]];
            }
            times = t;
            codes = c;
        }

        int lowerBound(long t) {
            return SortedLongs.firstAtLeast(times, 0, size, t);
        }
    }
}
