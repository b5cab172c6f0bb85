package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Lanes cover the whole window however many pieces they have. */
class TimelineCollectorTest {
    static final long S = 1_000_000_000L;
    static final long MS = 1_000_000L;
    static final long START = 1_000 * S;

    /**
     * {@code threads} threads over {@code seconds}: every {@code every} ms a request of 1 ms pool wait then 0.5 ms Redis
     * wait, handed over in time order across threads, as the builder does.
     */
    static StateTimeline busy(int threads, long seconds, long every) {
        Map<Long, String> lanes = new LinkedHashMap<>();
        for (long t = 1; t <= threads; t++) {
            lanes.put(t, "exec-" + t);
        }
        TimelineCollector c = new TimelineCollector(START, START + seconds * S, lanes);
        for (long at = START; at < START + seconds * S; at += every * MS) {
            for (long t = 1; t <= threads; t++) {
                c.beginWindow(t);
                c.explicit(at, at + MS, Cause.CONNECTION_WAIT);
                c.explicit(at + MS, at + 3 * MS / 2, Cause.REDIS_WAIT);
            }
        }
        return c.finish(0);
    }

    @Test
    void tooManyPiecesBecomeColumnsThatReachTheEndOfTheWindow() {
        StateTimeline t = busy(8, 63, 2);
        assertThat(t.aggregated()).isTrue();
        assertThat(t.lanePieces()).isEqualTo(8L * 63 * 500 * 2);
        assertThat(t.laneColumnNanos()).isEqualTo(Math.round(63.0 * S / TimelineCollector.LANE_COLUMNS));
        assertThat(t.lanes()).hasSize(8);
        for (StateTimeline.Lane lane : t.lanes()) {
            // 75 % of every column in a request, two thirds of that pool wait: one piece across the whole window.
            assertThat(lane.segments()).as(lane.threadName()).hasSize(1);
            StateTimeline.Segment s = lane.segments().getFirst();
            assertThat(s.cause()).isEqualTo(Cause.CONNECTION_WAIT);
            assertThat(s.startNanos()).isEqualTo(START);
            assertThat(s.endNanos()).isGreaterThanOrEqualTo(START + 63 * S - 1);
        }
    }

    @Test
    void aThreadMostlyBetweenRequestsLeavesItsColumnsBlank() {
        // 1.5 ms of every 4 ms in a request: under half of each column.
        StateTimeline t = busy(16, 20, 4);
        assertThat(t.aggregated()).isTrue();
        assertThat(t.lanes()).allSatisfy(l -> assertThat(l.segments()).isEmpty());
    }

    @Test
    void fewPiecesStayExact() {
        StateTimeline t = busy(2, 2, 500);
        assertThat(t.aggregated()).isFalse();
        assertThat(t.laneColumnNanos()).isZero();
        StateTimeline.Lane lane = t.lanes().getFirst();
        assertThat(lane.segments()).hasSize(8);
        assertThat(lane.segments().get(1)).isEqualTo(
                new StateTimeline.Segment(START + MS, START + 3 * MS / 2, Cause.REDIS_WAIT));
        assertThat(lane.segments().getLast().endNanos()).isEqualTo(START + 1500 * MS + 3 * MS / 2);
    }
}
