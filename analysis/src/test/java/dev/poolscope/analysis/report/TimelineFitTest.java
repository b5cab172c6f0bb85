package dev.poolscope.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.StateTimeline;

class TimelineFitTest {
    static final long MS = 1_000_000L;
    /** 768 plot columns over 7.68 s: a pixel is 10 ms. */
    static final double SECONDS = 7.68;

    /** Two lanes, each 14 ms on CPU then 6 ms waiting for Redis, over and over: 768 exact pieces a lane. */
    static StateTimeline twoBusyLanes() {
        List<StateTimeline.Lane> lanes = new ArrayList<>();
        for (int l = 0; l < 2; l++) {
            List<StateTimeline.Segment> segments = new ArrayList<>();
            for (long t = 0; t < 7_680 * MS; t += 20 * MS) {
                segments.add(new StateTimeline.Segment(t, t + 14 * MS, Cause.CPU));
                segments.add(new StateTimeline.Segment(t + 14 * MS, t + 20 * MS, Cause.REDIS_WAIT));
            }
            lanes.add(new StateTimeline.Lane("exec-" + l, l, segments));
        }
        return new StateTimeline(0, 1_000 * MS, new double[0][], lanes, 0, 1_536, 0);
    }

    @Test
    void lanesThatFitAreDrawnExactly() {
        assertThat(TimelineView.PLOT_COLUMNS).isEqualTo(768);
        TimelineView.Fitted f = TimelineView.fit(twoBusyLanes(), 0, SECONDS, 1_536);
        assertThat(f.pixelsPerColumn()).isZero();
        assertThat(f.pieces()).isEqualTo(1_536);
        assertThat(TimelineView.drawn(f, SECONDS)).isEmpty();
    }

    @Test
    void lanesOverTheBudgetAreDrawnInWiderColumnsUntilTheyFit() {
        // 1-px columns (10 ms) still alternate CPU and Redis: 1,536 pieces. 2-px columns (20 ms) are 14 ms CPU
        // each: one merged piece a lane.
        TimelineView.Fitted f = TimelineView.fit(twoBusyLanes(), 0, SECONDS, 100);
        assertThat(f.pixelsPerColumn()).isEqualTo(2);
        assertThat(f.pieces()).isEqualTo(2);
        assertThat(f.exactPieces()).isEqualTo(1_536);
        assertThat(f.lanes().get(0)).singleElement().extracting(StateTimeline.Segment::cause)
                .isEqualTo(Cause.CPU);
        assertThat(TimelineView.drawn(f, SECONDS))
                .isEqualTo("; drawn: 2 pieces of 1,536 (at most 12,000), each lane"
                        + " in columns of 2 px (" + Fmt.ms(20)
                        + "), each in the cause that covered most of it");
    }
}
