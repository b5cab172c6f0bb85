package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;

import dev.poolscope.format.event.RequestEvent;

/** The request's measured CPU and run delay, read from a real recording; absent in an older agent's (-1). */
class RequestCpuFieldsTest {

    @Test
    void measuredFieldsAreReadAndUnknownOnesStayMinusOne(@TempDir Path dir) throws Exception {
        Path agent = Files.createDirectories(dir.resolve("agent"));
        try (Recording rec = new Recording()) {
            rec.start();
            RequestEvent measured = new RequestEvent();
            measured.begin();
            measured.requestId = "measured";
            measured.cpuNanos = 7_000_000L;
            measured.runDelayNanos = 3_000_000L;
            measured.commit();
            RequestEvent unknown = new RequestEvent();
            unknown.begin();
            unknown.requestId = "virtual";
            unknown.commit();
            rec.stop();
            rec.dump(agent.resolve("recording.jfr"));
        }
        List<Events.Request> read = requests(agent);
        assertThat(read).extracting(Events.Request::requestId, Events.Request::cpuNanos,
                Events.Request::runDelayNanos)
                .containsExactlyInAnyOrder(
                        tuple("measured", 7_000_000L, 3_000_000L),
                        tuple("virtual", -1L, -1L));
    }

    @Test
    void anOlderAgentsRecordingHasNoMeasurements() throws Exception {
        List<Events.Request> read = requests(RealParkStacksTest.RECORDING.getParent());
        assertThat(read).isNotEmpty()
                .allSatisfy(r -> assertThat(new long[]{r.cpuNanos(), r.runDelayNanos()}).containsOnly(-1L));
    }

    private static List<Events.Request> requests(Path agent) throws RecordingException {
        List<Events.Request> out = new ArrayList<>();
        new RecordingReader().read(agent, new RecordingListener() {
            @Override
            public void request(Events.Request e) {
                out.add(e);
            }
        });
        return out;
    }
}
