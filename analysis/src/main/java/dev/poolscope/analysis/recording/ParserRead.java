package dev.poolscope.analysis.recording;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The analysis' own reading floor: every event of the given JFR files read once with poolscope's parser, the chunks
 * on as many threads as the machine has cores, each event the analysis reads bound to its values and handed to a
 * listener that keeps nothing. {@code bench analysis} times it beside the JDK's bare read and the full analysis, so
 * the gap between those two splits into the parser's part and the rest of the analysis' work. Started as a JVM of its
 * own, {@code java -cp poolscope-analysis.jar} this class {@code FILE...}; prints the number of events read, which is
 * the JDK's count when both read every event.
 */
public final class ParserRead {
    private ParserRead() {
    }

    public static void main(String[] args) {
        List<Path> files = Arrays.stream(args).map(Path::of).toList();
        if (files.isEmpty()) {
            System.err.println("usage: ParserRead FILE...");
            System.exit(2);
        }
        try {
            System.out.println(read(files));
        } catch (RecordingException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }

    /** How many events {@code files} hold, every one read. */
    static long read(List<Path> files) throws RecordingException {
        RecordingReader reader = new RecordingReader();
        RecordingListener nothingKept = new RecordingListener() {
        };
        return reader.readAll(reader.open(files, false), ChunkSink.of(i -> nothingKept, p -> {
        })).eventsRead();
    }
}
