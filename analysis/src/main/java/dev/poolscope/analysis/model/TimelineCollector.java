package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Accumulates attributed pieces into time buckets and, for the chosen threads, into lanes. */
final class TimelineCollector implements Attributor.SegmentSink {
    static final int BUCKETS = 120;
    static final int MAX_SEGMENTS = 40_000;

    private final long start;
    private final long bucketNanos;
    private final double[][] nanos;
    private final Map<Long, List<StateTimeline.Segment>> lanes = new LinkedHashMap<>();
    private final Map<Long, String> laneNames = new LinkedHashMap<>();
    private final List<long[]> pendingRemainder = new ArrayList<>();
    private List<StateTimeline.Segment> currentLane;
    private long segments;
    private long omitted;

    TimelineCollector(long start, long end, Map<Long, String> laneThreads) {
        this.start = start;
        this.bucketNanos = Math.max(1, (end - start + BUCKETS - 1) / BUCKETS);
        this.nanos = new double[BUCKETS][Cause.ALL.length];
        laneThreads.forEach((id, name) -> {
            lanes.put(id, new ArrayList<>());
            laneNames.put(id, name);
        });
    }

    void beginWindow(long threadId) {
        currentLane = lanes.get(threadId);
        pendingRemainder.clear();
    }

    @Override
    public void explicit(long s, long e, Cause cause) {
        addToBuckets(s, e, cause, 1.0);
        addToLane(s, e, cause);
    }

    @Override
    public void remainder(long s, long e) {
        pendingRemainder.add(new long[]{s, e});
    }

    @Override
    public void remainderShares(double cpu, double runDelay, double unexplained) {
        Cause dominant = cpu >= runDelay && cpu >= unexplained
                ? Cause.CPU
                : runDelay >= unexplained ? Cause.RUN_DELAY : Cause.UNEXPLAINED;
        for (long[] p : pendingRemainder) {
            addToBuckets(p[0], p[1], Cause.CPU, cpu);
            addToBuckets(p[0], p[1], Cause.RUN_DELAY, runDelay);
            addToBuckets(p[0], p[1], Cause.UNEXPLAINED, unexplained);
            addToLane(p[0], p[1], dominant);
        }
        pendingRemainder.clear();
    }

    private void addToBuckets(long s, long e, Cause cause, double weight) {
        if (weight <= 0) {
            return;
        }
        long t = Math.max(s, start);
        while (t < e) {
            int b = (int) ((t - start) / bucketNanos);
            if (b >= BUCKETS) {
                return;
            }
            long bucketEnd = start + (b + 1) * bucketNanos;
            long piece = Math.min(e, bucketEnd) - t;
            nanos[b][cause.ordinal()] += piece * weight;
            t += piece;
        }
    }

    private void addToLane(long s, long e, Cause cause) {
        if (currentLane == null) {
            return;
        }
        if (!currentLane.isEmpty()) {
            StateTimeline.Segment last = currentLane.getLast();
            if (last.cause() == cause && last.endNanos() >= s) {
                currentLane.set(currentLane.size() - 1,
                        new StateTimeline.Segment(last.startNanos(), e, cause));
                return;
            }
        }
        if (segments >= MAX_SEGMENTS) {
            omitted++;
            return;
        }
        segments++;
        currentLane.add(new StateTimeline.Segment(s, e, cause));
    }

    StateTimeline finish(int lanesOmitted) {
        double[][] threads = new double[BUCKETS][Cause.ALL.length];
        for (int b = 0; b < BUCKETS; b++) {
            for (int c = 0; c < Cause.ALL.length; c++) {
                threads[b][c] = nanos[b][c] / bucketNanos;
            }
        }
        List<StateTimeline.Lane> out = new ArrayList<>();
        lanes.forEach(
                (id, segs) -> out.add(new StateTimeline.Lane(laneNames.get(id), id, List.copyOf(segs))));
        return new StateTimeline(start, bucketNanos, threads, List.copyOf(out), lanesOmitted, omitted);
    }
}
