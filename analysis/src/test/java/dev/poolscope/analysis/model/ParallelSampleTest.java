package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RecordingReader;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Past the request cap, the sample the request passes choose chunk by chunk is the same on one thread or several:
 * the chunk offsets make "every k-th in file order" the file's, whichever thread read which chunk.
 */
class ParallelSampleTest {
    private static final Path GOLDEN = Path
            .of("src/test/resources/fixtures/starved-pool/agent/recording.jfr");

    @TempDir
    Path dir;

    @Test
    void theSampleIsTheFilesWhateverTheThreads() throws Exception {
        Path agent = Files.createDirectories(dir.resolve("agent"));
        byte[] recording = Files.readAllBytes(GOLDEN);
        for (int copy = 0; copy < 5; copy++) {
            Files.write(agent.resolve("recording.jfr"), recording, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
        String one = describe(agent, 1);
        assertThat(one).contains("requests were not kept");
        assertThat(describe(agent, 3)).isEqualTo(one);
    }

    private static String describe(Path agent, int threads) throws Exception {
        RunModelBuilder b = new RunModelBuilder(6, 1_000_000);
        RecordingReader reader = new RecordingReader(threads);
        RecordingReader.Source source = reader.open(agent);
        b.chooseRequests(reader, source);
        RecordingInfo info = b.readAll(reader, source);
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false,
                null, 0L);
        RunModel run = b.build(meta, info, null, List.of());
        StringBuilder s = new StringBuilder();
        run.requests().forEach(r -> s.append(r.requestId()).append('@').append(r.startNanos()).append(' ')
                .append(r.serverNanos()).append('\n'));
        s.append(run.notes()).append('\n');
        s.append(run.serverTotal().totalNanos()).append(' ').append(run.pools().holdTotalNanos())
                .append('\n');
        run.slowest().forEach(p -> s.append(p.request().requestId()).append(' '));
        return s.toString();
    }
}
