package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Accumulates attributed pieces into time buckets and, for the chosen threads, into lanes. A lane keeps its exact
 * pieces while all lanes together stay under {@link #MAX_SEGMENTS}; it always also sums each cause's time per column
 * of {@link #LANE_COLUMNS}, so when the pieces overflow, the lanes are drawn from the columns and still cover the
 * whole window (requests arrive in time order: a cap on pieces alone would cut the lanes' tail).
 */
final class TimelineCollector implements Attributor.SegmentSink {
    static final int BUCKETS = 120;
    static final int MAX_SEGMENTS = StateTimeline.MAX_LANE_PIECES;
    /** Twice the pixel columns of the widest lane chart (900 px wide less its margins), so drawing loses nothing. */
    static final int LANE_COLUMNS = 1_656;

    private final long start;
    private final long bucketNanos;
    private final double columnNanos;
    private final double[][] nanos;
    private final Map<Long, List<StateTimeline.Segment>> lanes = new LinkedHashMap<>();
    private final Map<Long, long[]> columns = new LinkedHashMap<>();
    private final Map<Long, String> laneNames = new LinkedHashMap<>();
    private final List<long[]> pendingRemainder = new ArrayList<>();
    private List<StateTimeline.Segment> currentLane;
    private long[] currentColumns;
    private long segments;
    private long pieces;
    private boolean overflowed;

    TimelineCollector(long start, long end, Map<Long, String> laneThreads) {
        this.start = start;
        this.bucketNanos = Math.max(1, (end - start + BUCKETS - 1) / BUCKETS);
        this.columnNanos = Math.max(1.0, (end - start) / (double) LANE_COLUMNS);
        this.nanos = new double[BUCKETS][Cause.ALL.length];
        laneThreads.forEach((id, name) -> {
            lanes.put(id, new ArrayList<>());
            columns.put(id, new long[LANE_COLUMNS * Cause.ALL.length]);
            laneNames.put(id, name);
        });
    }

    void beginWindow(long threadId) {
        currentLane = lanes.get(threadId);
        currentColumns = columns.get(threadId);
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
    public void remainderShares(double[] byCause) {
        Cause dominant = Cause.CPU;
        for (Cause c : Cause.ALL) {
            if (byCause[c.ordinal()] > byCause[dominant.ordinal()]) {
                dominant = c;
            }
        }
        for (long[] p : pendingRemainder) {
            for (Cause c : Cause.ALL) {
                addToBuckets(p[0], p[1], c, byCause[c.ordinal()]);
            }
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
        addToColumns(s, e, cause);
        if (!currentLane.isEmpty()) {
            StateTimeline.Segment last = currentLane.getLast();
            if (last.cause() == cause && last.endNanos() >= s) {
                currentLane.set(currentLane.size() - 1,
                        new StateTimeline.Segment(last.startNanos(), e, cause));
                return;
            }
        }
        pieces++;
        if (segments >= MAX_SEGMENTS) {
            overflowed = true;
            return;
        }
        segments++;
        currentLane.add(new StateTimeline.Segment(s, e, cause));
    }

    private void addToColumns(long s, long e, Cause cause) {
        long t = Math.max(s, start);
        while (t < e) {
            int c = (int) ((t - start) / columnNanos);
            if (c >= LANE_COLUMNS) {
                return;
            }
            long colEnd = start + (long) Math.ceil((c + 1) * columnNanos);
            long piece = Math.max(1, Math.min(e, colEnd) - t);
            currentColumns[c * Cause.ALL.length + cause.ordinal()] += piece;
            t += piece;
        }
    }

    StateTimeline finish(int lanesOmitted) {
        double[][] threads = new double[BUCKETS][Cause.ALL.length];
        for (int b = 0; b < BUCKETS; b++) {
            for (int c = 0; c < Cause.ALL.length; c++) {
                threads[b][c] = nanos[b][c] / bucketNanos;
            }
        }
        List<StateTimeline.Lane> out = new ArrayList<>();
        lanes.forEach((id, segs) -> out.add(new StateTimeline.Lane(laneNames.get(id), id,
                overflowed ? dominant(columns.get(id)) : List.copyOf(segs))));
        return new StateTimeline(start, bucketNanos, threads, List.copyOf(out), lanesOmitted, pieces,
                overflowed ? Math.round(columnNanos) : 0);
    }

    /**
     * Each column in the cause that covered most of it, blank when the thread spent most of the column between
     * requests; equal neighbours merge.
     */
    private List<StateTimeline.Segment> dominant(long[] cols) {
        List<StateTimeline.Segment> out = new ArrayList<>();
        for (int c = 0; c < LANE_COLUMNS; c++) {
            long covered = 0;
            int best = -1;
            for (int k = 0; k < Cause.ALL.length; k++) {
                long v = cols[c * Cause.ALL.length + k];
                covered += v;
                if (v > 0 && (best < 0 || v > cols[c * Cause.ALL.length + best])) {
                    best = k;
                }
            }
            if (best < 0 || covered < columnNanos - covered) {
                continue;
            }
            long a = start + (long) (c * columnNanos);
            long b = start + (long) ((c + 1) * columnNanos);
            Cause cause = Cause.ALL[best];
            if (!out.isEmpty() && out.getLast().cause() == cause && out.getLast().endNanos() >= a - 1) {
                out.set(out.size() - 1, new StateTimeline.Segment(out.getLast().startNanos(), b, cause));
            } else {
                out.add(new StateTimeline.Segment(a, b, cause));
            }
        }
        return List.copyOf(out);
    }
}
