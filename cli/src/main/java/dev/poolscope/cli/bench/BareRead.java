package dev.poolscope.cli.bench;

import java.io.IOException;
import java.nio.file.Path;

import jdk.jfr.consumer.RecordingFile;

/**
 * The floor the analysis' speed is measured against: one bare single-threaded read of every event of the given
 * recordings with the JDK's own parser, nothing kept. {@code bench analysis} runs it as a JVM of its own, with the
 * analysis' heap: {@code java -Xmx512m -cp poolscope-cli.jar dev.poolscope.cli.bench.BareRead FILE...}. Prints the
 * number of events read.
 */
public final class BareRead {

    private BareRead() {
    }

    public static void main(String[] args) throws IOException {
        long events = 0;
        for (String file : args) {
            try (RecordingFile recording = new RecordingFile(Path.of(file))) {
                while (recording.hasMoreEvents()) {
                    recording.readEvent();
                    events++;
                }
            }
        }
        System.out.println(events);
    }
}
