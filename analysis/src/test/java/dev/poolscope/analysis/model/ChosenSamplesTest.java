package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.jtl.JtlSample;

/**
 * The chosen requests' samples gathered on the .jtl's one read are the ones a second read would keep: same samples in
 * the same order, the same count dropped for the cap, whatever the mix of samples with and without a request id, the
 * stride's doublings and the cap.
 */
class ChosenSamplesTest {

    /** A sample of requests 0, 3, 6, … of {@code requests} (ids "r-0" …), every 3rd chosen. */
    private static RequestSample.Lookup everyThird(int requests) {
        ChoosingPass choosing = new ChoosingPass(3, 0);
        for (int i = 0; i < requests; i++) {
            choosing.request(1, i * 10L, i * 10L + 5, "r-" + i);
        }
        return RequestSample.of(requests, 3, choosing.noted(), List.of()).lookup();
    }

    /**
     * {@code n} samples: with a request id most of the time (a chosen request's or not, some ids repeated as in a .jtl
     * written twice), without one otherwise.
     */
    private static List<JtlSample> samples(Random random, int n, int requests) {
        List<JtlSample> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String id = random.nextInt(4) == 0 ? "" : "r-" + random.nextInt(requests);
            out.add(new JtlSample(1_000 + i, 5, "GET /x", "200", random.nextInt(10) != 0, 1, 1, 0,
                    "http://127.0.0.1/x", id));
        }
        return out;
    }

    @Test
    void theOneReadKeepsWhatASecondReadWould() {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            int requests = 1 + random.nextInt(60);
            int max = 1 + random.nextInt(20);
            int maxRequests = 1 + random.nextInt(20);
            int kept = random.nextInt(maxRequests + 1);
            List<JtlSample> samples = samples(random, random.nextInt(200), requests);
            RequestSample.Lookup sample = everyThird(requests);

            ClientCollector twice = new ClientCollector(max);
            samples.forEach(twice);
            twice.startReread(sample, kept);
            samples.forEach(twice);

            ClientCollector once = new ClientCollector(max);
            once.gatherChosen(sample, maxRequests);
            samples.forEach(once);
            boolean readAgain = once.keepKeptRequests(sample, kept);

            assertThat(readAgain).isFalse();
            assertThat(once.client).as("round %d", round).containsExactlyElementsOf(twice.client);
            assertThat(once.rereadDropped).as("round %d", round).isEqualTo(twice.rereadDropped);
            assertThat(once.every).isEqualTo(twice.every);
            assertThat(once.counted).isEqualTo(twice.counted);
            assertThat(once.failures).isEqualTo(twice.failures);
        }
    }

    @Test
    void whenTheReadIsNotThinnedItsOwnSamplesStay() {
        // Below the client cap the first read keeps every sample: no second read is wanted, and gathering changed
        // nothing of what it kept.
        List<JtlSample> samples = samples(new Random(3), 10, 9);
        ClientCollector c = new ClientCollector(100);
        c.gatherChosen(everyThird(9), 100);
        samples.forEach(c);

        assertThat(c.wantsReread(true, everyThird(9))).isFalse();
        assertThat(c.client).containsExactlyElementsOf(samples);
    }

    @Test
    void withoutAChosenSampleNothingIsGathered() {
        ClientCollector c = new ClientCollector(2);
        c.gatherChosen(RequestSample.all(10).lookup(), 100);
        samples(new Random(5), 10, 9).forEach(c);

        assertThat(c.client).hasSize(2);
        assertThat(c.keepKeptRequests(RequestSample.all(10).lookup(), 4)).as("a second read is wanted")
                .isTrue();
    }

    @Test
    void withoutTheRequestIdColumnNothingIsGathered() {
        // A plan of the user's own: its samples join by path and time, never by id, so none is a chosen request's.
        ClientCollector c = new ClientCollector(2);
        c.gatherChosen(everyThird(9), 100);
        c.columns(false);
        samples(new Random(5), 10, 9).forEach(c);

        assertThat(c.client).hasSize(2);
        assertThat(c.keepKeptRequests(everyThird(9), 4)).as("a second read is wanted").isTrue();
    }
}
