package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

class WorkerOccupancyTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;

    private static RunModel run(RunModelBuilder b) {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "undertow", 3, false, List.of(),
                false,
                null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 1000 * MS);
        return b.build(meta, info, null, List.of());
    }

    private static void request(RunModelBuilder b, int thread, long fromMs, long toMs) {
        Events.ThreadRef t = new Events.ThreadRef(thread, thread, "XNIO-1 task-" + thread, false);
        b.events()
                .request(new Events.Request(t, T0 + fromMs * MS, T0 + toMs * MS, "r-" + thread, "GET", "/x",
                        200,
                        "undertow"));
    }

    @Test
    void aServerWithoutABusyCountGetsTheRequestsInFlightAtEachSample() {
        RunModelBuilder b = new RunModelBuilder();
        request(b, 1, 0, 100);
        request(b, 2, 50, 150);
        request(b, 3, 60, 70);
        for (long ms : new long[]{65, 120, 200}) {
            b.events().workerPool(new Events.WorkerPoolGauge(T0 + ms * MS, "undertow", -1, 3, 3, 0));
        }
        // The server's own count wins where it has one.
        b.events().workerPool(new Events.WorkerPoolGauge(T0 + 66 * MS, "undertow", 2, 3, 3, 0));

        WorkerOccupancy o = WorkerOccupancy.of(run(b));

        assertThat(o.gauges()).extracting(Events.WorkerPoolGauge::busy).containsExactlyInAnyOrder(3, 1, 0, 2);
        assertThat(o.derived()).isTrue();
        assertThat(o.fullPct()).isEqualTo(25.0);
    }

    @Test
    void aServerThatCountsItsBusyWorkersIsTakenAtItsWord() {
        RunModelBuilder b = new RunModelBuilder();
        request(b, 1, 0, 100);
        b.events().workerPool(new Events.WorkerPoolGauge(T0 + 50 * MS, "tomcat", 3, 3, 3, 0));
        b.events().workerPool(new Events.WorkerPoolGauge(T0 + 60 * MS, "tomcat", 1, 3, 3, 0));

        WorkerOccupancy o = WorkerOccupancy.of(run(b));

        assertThat(o.gauges()).extracting(Events.WorkerPoolGauge::busy).containsExactlyInAnyOrder(3, 1);
        assertThat(o.derived()).isFalse();
        assertThat(o.fullPct()).isEqualTo(50.0);
    }
}
