package dev.poolscope.agent.it;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/** Reads recordings the way the analysis does: with the JDK's own parser. */
final class Recordings {
    private Recordings() {
    }

    static Map<String, List<RecordedEvent>> byType(Path file) throws IOException {
        return RecordingFile.readAllEvents(file).stream()
                .collect(Collectors.groupingBy(e -> e.getEventType().getName()));
    }
}
