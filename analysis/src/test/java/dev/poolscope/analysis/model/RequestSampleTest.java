package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The choice of every k-th request over two request-only passes, and the interval filter it gives the full pass. */
class RequestSampleTest {
    static final long MS = 1_000_000L;

    @Test
    void theStrideIsTheSmallestThatFitsTheCap() {
        assertThat(RequestSample.every(4, 4)).isEqualTo(1);
        assertThat(RequestSample.every(5, 4)).isEqualTo(2);
        assertThat(RequestSample.every(8, 4)).isEqualTo(2);
        assertThat(RequestSample.every(10, 4)).isEqualTo(3);
        assertThat(RequestSample.every(6_513_409, 1_000_000)).isEqualTo(7);
    }

    /** Requests of thread 1 at 0, 10, 20 … ms lasting 5 ms, handed over in the same order in both passes. */
    private static void pass(RequestSample s, int count) {
        for (int i = 0; i < count; i++) {
            s.request(1, i * 10 * MS, i * 10 * MS + 5 * MS, "r-" + i);
        }
        s.endPass();
    }

    @Test
    void belowTheCapOnePassDecidesNothingIsSampled() {
        RequestSample s = new RequestSample(10, 0);
        assertThat(s.wantsPass()).isTrue();
        pass(s, 10);

        assertThat(s.wantsPass()).isFalse();
        assertThat(s.active()).isFalse();
        assertThat(s.counted()).isEqualTo(10);
    }

    @Test
    void pastTheCapEveryKthRequestIsChosenAndOnlyIntervalsOverlappingOneAreKept() {
        RequestSample s = new RequestSample(4, 0);
        pass(s, 10);
        assertThat(s.wantsPass()).isTrue();
        assertThat(s.every()).isEqualTo(3);
        pass(s, 10);

        assertThat(s.wantsPass()).isFalse();
        assertThat(s.active()).isTrue();
        for (int i = 0; i < 10; i++) {
            assertThat(s.chosen(1, i * 10 * MS, i * 10 * MS + 5 * MS)).as("request %d", i)
                    .isEqualTo(i % 3 == 0);
            assertThat(s.chosenId("r-" + i)).as("id %d", i).isEqualTo(i % 3 == 0);
        }
        // Same start, other end; other thread: not a chosen request.
        assertThat(s.chosen(1, 0, 4 * MS)).isFalse();
        assertThat(s.chosen(2, 0, 5 * MS)).isFalse();
        // Chosen: requests 0 [0, 5], 3 [30, 35], 6 [60, 65], 9 [90, 95] ms.
        assertThat(s.overlapsChosen(1, 31 * MS, 32 * MS)).as("inside 3").isTrue();
        assertThat(s.overlapsChosen(1, 25 * MS, 30 * MS)).as("ends as 3 starts").isTrue();
        assertThat(s.overlapsChosen(1, 35 * MS, 36 * MS)).as("starts as 3 ends").isTrue();
        assertThat(s.overlapsChosen(1, 11 * MS, 15 * MS)).as("inside 1, not chosen").isFalse();
        assertThat(s.overlapsChosen(1, 36 * MS, 59 * MS)).as("between 3 and 6").isFalse();
        assertThat(s.overlapsChosen(1, 10 * MS, 100 * MS)).as("spanning several").isTrue();
        assertThat(s.overlapsChosen(1, 96 * MS, 200 * MS)).as("after the last").isFalse();
        assertThat(s.overlapsChosen(2, 31 * MS, 32 * MS)).as("other thread").isFalse();
    }

    @Test
    void aLongRequestChosenEarlyStillCoversIntervalsAfterLaterShortOnes() {
        RequestSample s = new RequestSample(2, 0);
        // File order is not time order: a long request [0, 100] committed last, short ones [10, 11] and [20, 21].
        long[][] requests = {{10, 11}, {40, 41}, {20, 21}, {0, 100}};
        for (int p = 0; p < 2; p++) {
            for (long[] r : requests) {
                s.request(7, r[0] * MS, r[1] * MS, null);
            }
            s.endPass();
        }

        assertThat(s.every()).isEqualTo(2);
        // Chosen: the 1st and 3rd in file order, [10, 11] and [20, 21].
        assertThat(s.chosen(7, 20 * MS, 21 * MS)).isTrue();
        assertThat(s.chosen(7, 0, 100 * MS)).isFalse();
        assertThat(s.overlapsChosen(7, 15 * MS, 20 * MS)).isTrue();
        assertThat(s.overlapsChosen(7, 12 * MS, 19 * MS)).isFalse();
        assertThat(s.overlapsChosen(7, 50 * MS, 60 * MS)).isFalse();
        assertThat(s.chosenId("anything")).isFalse();
    }

    @Test
    void manyThreadsInAnyOrderEachAnswerForItsOwnRequestsOnly() {
        // One request per thread, as on virtual threads, handed over with thread ids out of order; every request
        // chosen (cap 3 of 6: every 2nd). Thread 5's long request must not make thread 6's gap look covered.
        long[][] requests = {{9, 50, 51}, {5, 0, 100}, {3, 10, 20}, {6, 50, 51}, {1, 30, 40}, {2, 0, 5}};
        RequestSample s = new RequestSample(3, 0);
        for (int p = 0; p < 2; p++) {
            for (long[] r : requests) {
                s.request(r[0], r[1] * MS, r[2] * MS, "t" + r[0]);
            }
            s.endPass();
        }

        // Chosen: the 1st, 3rd and 5th in file order: threads 9, 3 and 1.
        assertThat(s.chosen(9, 50 * MS, 51 * MS)).isTrue();
        assertThat(s.chosen(3, 10 * MS, 20 * MS)).isTrue();
        assertThat(s.chosen(1, 30 * MS, 40 * MS)).isTrue();
        assertThat(s.chosen(5, 0, 100 * MS)).isFalse();
        assertThat(s.overlapsChosen(5, 60 * MS, 70 * MS)).isFalse();
        assertThat(s.overlapsChosen(9, 60 * MS, 70 * MS)).isFalse();
        assertThat(s.overlapsChosen(9, 40 * MS, 50 * MS)).isTrue();
        assertThat(s.overlapsChosen(3, 15 * MS, 16 * MS)).isTrue();
        assertThat(s.overlapsChosen(3, 25 * MS, 26 * MS)).isFalse();
        assertThat(s.overlapsChosen(1, 15 * MS, 16 * MS)).isFalse();
        assertThat(s.overlapsChosen(Long.MAX_VALUE, 0, 100 * MS)).isFalse();
        assertThat(s.chosenId("t3")).isTrue();
        assertThat(s.chosenId("t5")).isFalse();
    }

    @Test
    void theLongestRequestsAreKeptBesideTheSampleNotInIt() {
        // Ten requests of 5 ms, the 4th of 40 ms and the 8th of 50 ms; every 3rd chosen, the two longest kept beside.
        RequestSample s = new RequestSample(4, 2);
        for (int p = 0; p < 2; p++) {
            for (int i = 0; i < 10; i++) {
                s.request(1, i * 100 * MS, i * 100 * MS + (i == 3 ? 40 : i == 7 ? 50 : 5) * MS, "r-" + i);
            }
            s.endPass();
        }

        assertThat(s.chosen(1, 700 * MS, 750 * MS)).isFalse();
        assertThat(s.longestOnly(1, 700 * MS, 750 * MS)).isTrue();
        assertThat(s.overlapsChosen(1, 720 * MS, 730 * MS)).as("its intervals are kept").isTrue();
        assertThat(s.overlapsSampled(1, 720 * MS, 730 * MS)).as("but count in no sampled figure").isFalse();
        assertThat(s.overlapsSampled(1, 320 * MS, 330 * MS)).isTrue();
        assertThat(s.chosen(1, 300 * MS, 340 * MS)).isTrue();
        assertThat(s.longestOnly(1, 300 * MS, 340 * MS)).as("chosen: in the sample, not beside it").isFalse();
        // Request 1 was among the longest until the two long ones came.
        assertThat(s.longestOnly(1, 100 * MS, 105 * MS)).isFalse();
        assertThat(s.overlapsChosen(1, 101 * MS, 102 * MS)).isFalse();
    }
}
