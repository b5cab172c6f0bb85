package dev.poolscope.analysis.model;

import java.util.List;

/**
 * Threads over time. {@code threadsByCause[bucket][cause]} is the average number of request-serving threads in each
 * cause during the bucket (Scouter's active-service equalizer, split by cause). Lanes are the busiest worker threads,
 * each a list of coloured pieces; uncovered time takes the colour of its largest share. When the lanes had more pieces
 * than a report can carry ({@code lanePieces} of them), every lane is drawn from columns of {@code laneColumnNanos}
 * instead, each column in the cause that covered most of it (blank where the thread spent most of the column between requests), so the lanes
 * still cover the whole window; {@code laneColumnNanos} is 0 when the pieces are exact.
 */
public record StateTimeline(long startNanos, long bucketNanos, double[][] threadsByCause, List<Lane> lanes,
        int lanesOmitted, long lanePieces, long laneColumnNanos) {

    /** Pieces all lanes of a report may carry before they are drawn from columns instead. */
    public static final int MAX_LANE_PIECES = 40_000;

    public record Lane(String threadName, long threadId, List<Segment> segments) {
    }

    public record Segment(long startNanos, long endNanos, Cause cause) {
    }

    public boolean aggregated() {
        return laneColumnNanos > 0;
    }
}
