package dev.poolscope.analysis.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.recording.jfr.ChunkHeader;

/**
 * The recording's chunks read on one thread or on several, joined in file order, give the same report: summary.json
 * and timeline.json byte for byte. On the golden recording made by the real agent, written five times over so that it
 * has several chunks (ParallelSampleTest does the same past the request cap).
 */
class ParallelReadTest {
    private static final Path GOLDEN = Path.of("src/test/resources/fixtures/starved-pool/agent");

    @TempDir
    Path dir;

    @Test
    void oneThreadOrThreeReadTheSameRun() throws Exception {
        byte[] recording = Files.readAllBytes(GOLDEN.resolve("recording.jfr"));
        String[] outputs = new String[2];
        int[] threads = {1, 3};
        for (int i = 0; i < threads.length; i++) {
            Path agent = Files.createDirectories(dir.resolve("t" + threads[i]).resolve("run/agent"));
            Files.copy(GOLDEN.resolve("metadata.json"), agent.resolve("metadata.json"));
            Path file = agent.resolve("recording.jfr");
            for (int copy = 0; copy < 5; copy++) {
                Files.write(file, recording, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
            assertThat(ChunkHeader.list(file).chunks()).hasSizeGreaterThanOrEqualTo(5);
            String before = System.getProperty("poolscope.analysis.threads");
            System.setProperty("poolscope.analysis.threads", Integer.toString(threads[i]));
            try {
                StringWriter err = new StringWriter();
                int exit = AnalysisCli.run(new String[]{"analyze", agent.getParent().toString()},
                        new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
                assertThat(exit).as(err.toString()).isZero();
            } finally {
                if (before == null) {
                    System.clearProperty("poolscope.analysis.threads");
                } else {
                    System.setProperty("poolscope.analysis.threads", before);
                }
            }
            Path run = agent.getParent();
            outputs[i] = Files.readString(run.resolve("summary.json")).replace(run.toString(), "RUN")
                    + Files.readString(run.resolve("timeline.json"));
        }
        assertThat(outputs[1]).isEqualTo(outputs[0]);
    }
}
