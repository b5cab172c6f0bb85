package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reactive stack's event loops while load ran (first measured request to the last; a recording without JMeter
 * results would otherwise count the cold start): how many served requests, their long tasks (stalls)
 * split into blocked and on-CPU, the frames that blocked them, and how long requests queued behind other requests'
 * stalls, on the HTTP server's loops (stalls on other Netty loops, Lettuce's and the R2DBC driver's, are counted
 * apart). {@code reactive} is false for servlet runs, and everything else is then zero.
 */
public record EventLoops(boolean reactive, int loops, long windowNanos, long stalls, long stallNanos,
        long blockedStalls, long blockedNanos, long queueBehindBlockedNanos, long queueBehindCpuNanos,
        List<Frame> blockingFrames, List<Frame> cpuFrames, long otherLoopStalls, long otherLoopStallNanos,
        int redisLoops, long redisLoopStallNanos, String redisLoopFrame) {

    static final int TOP = 5;

    /** One frame that stalled a loop: how often and for how long in total. */
    public record Frame(String frame, long count, long nanos) {
    }

    static final EventLoops NONE = new EventLoops(false, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), 0,
            0, 0, 0, "");

    /** Nothing measured, but whether the requests ran on event loops (a service merged from several instances). */
    static EventLoops empty(boolean reactive) {
        return reactive
                ? new EventLoops(true, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), 0, 0, 0, 0, "")
                : NONE;
    }

    /** Loop-seconds in the window: loops × window length. */
    public long loopNanos() {
        return loops * windowNanos;
    }

    /** Percent of the loops' time inside blocking calls in long tasks. */
    public double blockedPct() {
        return loopNanos() == 0 ? 0 : 100.0 * blockedNanos / loopNanos();
    }

    /** Percent of the loops' time inside long tasks on CPU. */
    public double cpuStallPct() {
        return loopNanos() == 0 ? 0 : 100.0 * (stallNanos - blockedNanos) / loopNanos();
    }

    /** The frame that blocked the loops longest, or null. */
    public Frame topBlockingFrame() {
        return blockingFrames.isEmpty() ? null : blockingFrames.getFirst();
    }

    /** Percent of the time the loops that deliver Redis replies (Lettuce's) spent in long tasks. */
    public double redisLoopBusyPct() {
        long span = redisLoops * windowNanos;
        return span == 0 ? 0 : 100.0 * redisLoopStallNanos / span;
    }

    static EventLoops of(ReactiveData r, MeasuredWindow w, long[] queueBehind,
            java.util.Set<Long> redisLoops) {
        Map<String, long[]> redisFrames = new HashMap<>();
        long redisNanos = 0;
        long stalls = 0;
        long stallNanos = 0;
        long blocked = 0;
        long blockedNanos = 0;
        Map<String, long[]> blocking = new HashMap<>();
        Map<String, long[]> cpu = new HashMap<>();
        long other = 0;
        long otherNanos = 0;
        for (List<ReactiveData.Stall> list : r.stalls.values()) {
            for (ReactiveData.Stall s : list) {
                long len = Math.min(w.endNanos(), s.end()) - Math.max(w.startNanos(), s.start());
                if (len <= 0) {
                    continue;
                }
                // Lettuce's and the R2DBC driver's loops: their stalls show as late replies, counted apart.
                if (!r.loops.contains(s.threadId())) {
                    other++;
                    otherNanos += len;
                    if (redisLoops.contains(s.threadId())) {
                        redisNanos += len;
                        redisFrames.computeIfAbsent(
                                s.frame() == null || s.frame().isEmpty() ? "?" : s.frame(),
                                k -> new long[2])[1] += len;
                    }
                    continue;
                }
                stalls++;
                stallNanos += len;
                String f = s.frame() == null || s.frame().isEmpty() ? "?" : s.frame();
                long[] t = (s.blocking() ? blocking : cpu).computeIfAbsent(f, k -> new long[2]);
                t[0]++;
                t[1] += len;
                if (s.blocking()) {
                    blocked++;
                    blockedNanos += len;
                }
            }
        }
        return new EventLoops(true, r.loops.size(), Math.max(0, w.endNanos() - w.startNanos()), stalls,
                stallNanos, blocked, blockedNanos, queueBehind[0], queueBehind[1], top(blocking), top(cpu),
                other, otherNanos, redisLoops.size(), redisNanos,
                redisFrames.isEmpty() ? "" : top(redisFrames).getFirst().frame());
    }

    private static List<Frame> top(Map<String, long[]> m) {
        List<Frame> out = new ArrayList<>();
        m.forEach((f, t) -> out.add(new Frame(f, t[0], t[1])));
        out.sort(Comparator.comparingLong(Frame::nanos).reversed().thenComparing(Frame::frame));
        return List.copyOf(out.subList(0, Math.min(TOP, out.size())));
    }
}
