package dev.poolscope.analysis.model;

import java.util.List;

/**
 * Threads over time. {@code threadsByCause[bucket][cause]} is the average number of request-serving threads in each
 * cause during the bucket (Scouter's active-service equalizer, split by cause). Lanes are the busiest worker threads,
 * each a list of coloured pieces; uncovered time takes the colour of its largest share.
 */
public record StateTimeline(long startNanos, long bucketNanos, double[][] threadsByCause, List<Lane> lanes,
        int lanesOmitted, long segmentsOmitted) {

    public record Lane(String threadName, long threadId, List<Segment> segments) {
    }

    public record Segment(long startNanos, long endNanos, Cause cause) {
    }
}
