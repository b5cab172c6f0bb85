package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * What the pass keeps is bounded, and what it does not keep is said: ten requests in file order (each committed after
 * the connection wait inside it, as the agent does), read with small caps.
 */
class RunModelBuilderCapsTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final Events.ThreadRef WORKER = new Events.ThreadRef(42, 4242, "http-nio-8080-exec-1", false);

    private static RunModel read(RunModelBuilder b, int requests) {
        for (int i = 0; i < requests; i++) {
            long start = T0 + i * 10 * MS;
            b.connectionWait(new Events.ConnectionWait(WORKER, start, start + 2 * MS, "HikariPool-1", "c" + i,
                    true, 10, 0, 1, 10));
            b.request(new Events.Request(WORKER, start, start + 5 * MS, "r-" + i, "GET", "/x", 200, "tomcat",
                    -1, -1));
        }
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 2L * requests, Map.of(), List.of(), T0,
                T0 + requests * 10 * MS);
        return b.build(meta, info, null, List.of());
    }

    @Test
    void requestsBeyondTheCapAreCountedInNoFigureButTheNotesAndTheirIntervalsAreNotKept() {
        RunModel run = read(new RunModelBuilder(4, 1_000), 10);

        assertThat(run.requests()).hasSize(4);
        assertThat(run.requests()).allSatisfy(r -> assertThat(r.poolWaitNanos()).isEqualTo(2 * MS));
        // Per-event distributions are histograms: they cover every event, capped or not.
        assertThat(run.pools().connectionWait().count()).isEqualTo(10);
        assertThat(run.notes()).contains(
                "6 requests beyond the first 4 were ignored: the request figures (latencies, server time by cause,"
                        + " lanes, diagnosis) cover the first 4 only",
                // The fifth request's wait was read before the cap was known to be hit; the five after it were not kept.
                "5 wait, hold and pause intervals starting after the last kept request had ended were not kept (they"
                        + " cannot overlap a counted request)");
    }

    @Test
    void reactiveRequestIntervalsAfterTheKeptRequestsAreNotKeptEither() {
        RunModelBuilder b = new RunModelBuilder(4, 1_000);
        Events.ThreadRef loop = new Events.ThreadRef(7, 77, "reactor-http-epoll-1", false);
        for (int i = 0; i < 10; i++) {
            long start = T0 + i * 10 * MS;
            b.r2dbcAcquire(new Events.R2dbcAcquire(loop, start, start + 2 * MS, "r2dbc", "r-" + i, "c" + i,
                    "ACQUIRED", 1, 0, 0, 10));
            b.request(new Events.Request(loop, start, start + 5 * MS, "r-" + i, "GET", "/x", 200, "netty", -1,
                    -1));
        }
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "netty", null, false, List.of(),
                false,
                null, 0L);
        RunModel run = b.build(meta, new RecordingInfo(List.of(), false, 20, Map.of(), List.of(), T0,
                T0 + 100 * MS), null, List.of());

        assertThat(run.requests()).hasSize(4);
        assertThat(run.requests()).allSatisfy(r -> assertThat(r.poolWaitNanos()).isEqualTo(2 * MS));
        assertThat(run.pools().connectionWait().count()).isEqualTo(10);
        assertThat(run.notes())
                .contains("5 wait, hold and pause intervals starting after the last kept request"
                        + " had ended were not kept (they cannot overlap a counted request)");
    }

    @Test
    void intervalsBeyondTheIntervalCapAreSaid() {
        RunModel run = read(new RunModelBuilder(1_000, 3), 10);

        assertThat(run.requests()).hasSize(10);
        assertThat(run.requests().stream().filter(r -> r.poolWaitNanos() > 0)).hasSize(3);
        assertThat(run.notes())
                .contains("7 wait intervals beyond the first 3 were not kept: attribution of later"
                        + " requests may show more unexplained time");
    }

    @Test
    void underTheCapsNothingIsSaid() {
        RunModel run = read(new RunModelBuilder(10, 10), 10);

        assertThat(run.requests()).hasSize(10);
        assertThat(run.notes()).noneMatch(n -> n.contains("not kept") || n.contains("were ignored"));
    }
}
