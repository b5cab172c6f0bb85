package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.jfr.consumer.RecordingFile;

import dev.poolscope.format.launch.AnalysisJvm;

/** The floor bench analysis times: poolscope's parser reads every event the JDK's does, and is where cli looks. */
class ParserReadTest {
    private static final Path FIXTURES = Path.of("src/test/resources/fixtures");

    @Test
    void readsEveryEventOfTheGoldenRecordingsAsTheJdkCountsThem() throws Exception {
        Path starved = FIXTURES.resolve("starved-pool/agent/recording.jfr");
        Path reactive = FIXTURES.resolve("reactive-starved-pool/agent/recording.jfr");
        long jdk = jdkCount(starved) + jdkCount(reactive);
        assertThat(jdk).isGreaterThan(1_000);
        assertThat(ParserRead.read(List.of(starved, reactive))).isEqualTo(jdk);
    }

    @Test
    void isTheMainClassTheBenchStarts() throws Exception {
        assertThat(Class.forName(AnalysisJvm.PARSER_READ).getMethod("main", String[].class)).isNotNull();
    }

    private static long jdkCount(Path file) throws Exception {
        long n = 0;
        try (RecordingFile f = new RecordingFile(file)) {
            while (f.hasMoreEvents()) {
                f.readEvent();
                n++;
            }
        }
        return n;
    }
}
