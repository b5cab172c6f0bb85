package dev.poolscope.analysis.recording;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What one pass over a recording read: which files, how many events of each type, and what went wrong on the way
 * (a truncated chunk, an unreadable file) without stopping the pass.
 */
public record RecordingInfo(List<Path> files, boolean fromRepository, long eventsRead,
        Map<String, Long> eventCounts,
        List<String> warnings, long firstEventNanos, long lastEventNanos) {

    public long count(String eventType) {
        return eventCounts.getOrDefault(eventType, 0L);
    }
}
