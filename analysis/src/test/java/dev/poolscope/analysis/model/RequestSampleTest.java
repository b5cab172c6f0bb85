package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The choice of every k-th request (k a power of two) by one request-only pass fed chunk by chunk and joined (a second
 * when a chunk holds more requests than it may note), and the interval filter it gives the full pass.
 */
class RequestSampleTest {
    static final long MS = 1_000_000L;

    @Test
    void theStrideIsTheSmallestPowerOfTwoThatFitsTheCap() {
        assertThat(RequestSample.every(4, 4)).isEqualTo(1);
        assertThat(RequestSample.every(5, 4)).isEqualTo(2);
        assertThat(RequestSample.every(8, 4)).isEqualTo(2);
        assertThat(RequestSample.every(10, 4)).isEqualTo(4);
        assertThat(RequestSample.every(6_513_409, 1_000_000)).isEqualTo(8);
    }

    /** {thread, start ms, end ms} each, with ids from {@code ids} (null: none). */
    private static RequestSample.Lookup sample(int cap, int longest, long[][] requests, String[] ids) {
        return sample(cap, longest, requests, ids, requests.length);
    }

    /**
     * The passes as the reader runs them, the requests split into chunks of {@code chunk} (each pass's parts forked
     * per chunk and joined in order).
     */
    private static RequestSample.Lookup sample(int cap, int longest, long[][] requests, String[] ids,
            int chunk) {
        CountingPass keys = new CountingPass(cap, longest);
        for (int from = 0; from < requests.length; from += chunk) {
            CountingPass part = keys.fork();
            for (int i = from; i < Math.min(requests.length, from + chunk); i++) {
                part.request(requests[i][0], requests[i][1] * MS, requests[i][2] * MS,
                        ids == null ? null : ids[i]);
            }
            keys.join(part);
        }
        if (!keys.overflow) {
            return keys.every() == 1
                    ? RequestSample.all(keys.counted).lookup()
                    : RequestSample.of(keys.counted, keys.every(), keys.noted(), keys.longest()).lookup();
        }
        // A chunk held more than the cap: the second pass, each chunk's offset from the counts.
        long every = RequestSample.every(keys.counted, cap);
        ChoosingPass choosing = new ChoosingPass(every, 0);
        for (int from = 0; from < requests.length; from += chunk) {
            ChoosingPass part = new ChoosingPass(every, from);
            for (int i = from; i < Math.min(requests.length, from + chunk); i++) {
                part.request(requests[i][0], requests[i][1] * MS, requests[i][2] * MS,
                        ids == null ? null : ids[i]);
            }
            choosing.join(part);
        }
        return RequestSample.of(keys.counted, every, choosing.noted(), keys.longest()).lookup();
    }

    /** Requests of thread 1 at 0, 10, 20 … ms lasting 5 ms. */
    private static long[][] evenly(int count) {
        long[][] r = new long[count][];
        for (int i = 0; i < count; i++) {
            r[i] = new long[]{1, i * 10, i * 10 + 5};
        }
        return r;
    }

    private static String[] ids(int count) {
        String[] ids = new String[count];
        for (int i = 0; i < count; i++) {
            ids[i] = "r-" + i;
        }
        return ids;
    }

    @Test
    void belowTheCapOnePassDecidesNothingIsSampled() {
        RequestSample.Lookup s = sample(10, 0, evenly(10), ids(10));

        assertThat(s.active()).isFalse();
        assertThat(s.counted()).isEqualTo(10);
    }

    @Test
    void pastTheCapEveryKthRequestIsChosenAndOnlyIntervalsOverlappingOneAreKept() {
        // One chunk of ten (more than it may note: the second pass chooses), chunks of three and of one (the one pass
        // numbers them as it joins them): the same choice.
        for (int chunk : new int[]{10, 3, 1}) {
            chosenEveryFourth(sample(4, 0, evenly(10), ids(10), chunk));
        }
    }

    private static void chosenEveryFourth(RequestSample.Lookup s) {
        assertThat(s.every()).isEqualTo(4);
        assertThat(s.active()).isTrue();
        for (int i = 0; i < 10; i++) {
            assertThat(s.chosen(1, i * 10 * MS, i * 10 * MS + 5 * MS)).as("request %d", i)
                    .isEqualTo(i % 4 == 0);
            assertThat(s.chosenId("r-" + i)).as("id %d", i).isEqualTo(i % 4 == 0);
        }
        // Same start, other end; other thread: not a chosen request.
        assertThat(s.chosen(1, 0, 4 * MS)).isFalse();
        assertThat(s.chosen(2, 0, 5 * MS)).isFalse();
        // Chosen: requests 0 [0, 5], 4 [40, 45], 8 [80, 85] ms.
        assertThat(s.overlapsChosen(1, 41 * MS, 42 * MS)).as("inside 4").isTrue();
        assertThat(s.overlapsChosen(1, 35 * MS, 40 * MS)).as("ends as 4 starts").isTrue();
        assertThat(s.overlapsChosen(1, 45 * MS, 46 * MS)).as("starts as 4 ends").isTrue();
        assertThat(s.overlapsChosen(1, 11 * MS, 15 * MS)).as("inside 1, not chosen").isFalse();
        assertThat(s.overlapsChosen(1, 46 * MS, 79 * MS)).as("between 4 and 8").isFalse();
        assertThat(s.overlapsChosen(1, 10 * MS, 100 * MS)).as("spanning several").isTrue();
        assertThat(s.overlapsChosen(1, 86 * MS, 200 * MS)).as("after the last").isFalse();
        assertThat(s.overlapsChosen(2, 41 * MS, 42 * MS)).as("other thread").isFalse();
    }

    @Test
    void aLongRequestChosenEarlyStillCoversIntervalsAfterLaterShortOnes() {
        // File order is not time order: a long request [0, 100] committed last, short ones [10, 11] and [20, 21].
        RequestSample.Lookup s = sample(2, 0,
                new long[][]{{7, 10, 11}, {7, 40, 41}, {7, 20, 21}, {7, 0, 100}},
                null);

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
        String[] ids = new String[requests.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = "t" + requests[i][0];
        }
        RequestSample.Lookup s = sample(3, 0, requests, ids, 4);

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
        // Ten requests of 5 ms, the 5th of 40 ms and the 8th of 50 ms; every 4th chosen, the two longest kept beside.
        long[][] requests = new long[10][];
        for (int i = 0; i < 10; i++) {
            requests[i] = new long[]{1, i * 100, i * 100 + (i == 4 ? 40 : i == 7 ? 50 : 5)};
        }
        RequestSample.Lookup s = sample(4, 2, requests, ids(10), 3);

        assertThat(s.chosen(1, 700 * MS, 750 * MS)).isFalse();
        assertThat(s.longestOnly(1, 700 * MS, 750 * MS)).isTrue();
        assertThat(s.overlapsChosen(1, 720 * MS, 730 * MS)).as("its intervals are kept").isTrue();
        assertThat(s.overlapsSampled(1, 720 * MS, 730 * MS)).as("but count in no sampled figure").isFalse();
        assertThat(s.overlapsSampled(1, 420 * MS, 430 * MS)).isTrue();
        assertThat(s.chosen(1, 400 * MS, 440 * MS)).isTrue();
        assertThat(s.longestOnly(1, 400 * MS, 440 * MS)).as("chosen: in the sample, not beside it").isFalse();
        // Request 1 was among the longest until the two long ones came.
        assertThat(s.longestOnly(1, 100 * MS, 105 * MS)).isFalse();
        assertThat(s.overlapsChosen(1, 101 * MS, 102 * MS)).isFalse();
    }
}
