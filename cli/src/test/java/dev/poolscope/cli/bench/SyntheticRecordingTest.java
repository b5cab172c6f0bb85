package dev.poolscope.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.RunModelBuilder;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RecordingReader;
import dev.poolscope.analysis.recording.RunMetadata;
import dev.poolscope.format.event.ConnectionHoldEvent;
import dev.poolscope.format.event.RequestEvent;

class SyntheticRecordingTest {
    @TempDir
    Path dir;

    @Test
    void theAnalysisReadsEveryEventTheGeneratorCommitted() throws Exception {
        SyntheticRecording.Result r = new SyntheticRecording().write(dir.resolve("agent"), 0, 3000, 2);
        Map<String, Long> committed = r.committed();
        assertThat(committed.get(RequestEvent.NAME)).isEqualTo(3000L);
        assertThat(committed.get(ConnectionHoldEvent.NAME)).isEqualTo(3000L);

        // The model, not the whole report: cli's test classpath has no flame graph converter.
        RunModelBuilder builder = new RunModelBuilder();
        RecordingReader reader = new RecordingReader();
        RecordingReader.Source source = reader.open(dir.resolve("agent"));
        builder.chooseRequests(reader, source);
        RecordingInfo info = builder.readAll(reader, source);
        RunModel model = builder.build(RunMetadata.EMPTY, info, null, List.of());

        committed.forEach((type, n) -> assertThat(info.count(type)).as(type).isEqualTo(n));
        assertThat(model.requests()).hasSize(3000);
        assertThat(model.requests()).allSatisfy(t -> {
            assertThat(t.requestId()).startsWith("synth-");
            assertThat(t.poolWaitNanos() + t.holdNanos()).isPositive();
        });
        assertThat(model.requests().stream().map(RequestTimeline::requestId).distinct()).hasSize(3000);
    }
}
