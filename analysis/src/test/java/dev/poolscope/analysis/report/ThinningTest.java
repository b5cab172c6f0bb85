package dev.poolscope.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThinningTest {

    /** Visits {@code errors} failed points spread among the successful ones, as a run would have them. */
    private static Thinning run(int total, int errors, int cap) {
        Thinning t = Thinning.of(total, errors, cap);
        int errorEvery = errors == 0 ? Integer.MAX_VALUE : total / errors;
        int seenErrors = 0;
        for (int i = 0; i < total; i++) {
            boolean error = seenErrors < errors && i % errorEvery == 0;
            if (error) {
                seenErrors++;
            }
            t.keep(error);
        }
        return t;
    }

    @Test
    void underTheCapEveryPointIsDrawn() {
        Thinning t = run(100, 3, 6_000);
        assertThat(t.drawn()).isEqualTo(100);
        assertThat(t.describe("Server")).isEqualTo("Server: every one of the 100 drawn");
    }

    @Test
    void successesAreThinnedEvenly() {
        Thinning t = run(30_000, 0, 6_000);
        assertThat(t.drawn()).isEqualTo(6_000);
        assertThat(t.describe("Client"))
                .isEqualTo(
                        "Client: 6,000 points of 30,000 drawn (every 5th of 30,000 successful, all of 0 failed)");
    }

    @Test
    void everyErrorIsDrawnWhileTheyFitInHalfTheCap() {
        Thinning t = run(30_000, 100, 6_000);
        // 100 errors, then every ceil(29,900 / 5,900) = 6th success: ceil(29,900 / 6) = 4,984.
        assertThat(t.drawn()).isEqualTo(5_084);
        assertThat(t.describe("Server"))
                .isEqualTo(
                        "Server: 5,084 points of 30,000 drawn (every 6th of 29,900 successful, all of 100 failed)");
    }

    @Test
    void manyErrorsAreThinnedTooAndTheTotalStaysUnderTheCap() {
        Thinning t = run(30_000, 20_000, 6_000);
        // Errors get half the cap: every 7th (2,858); successes the rest: every 4th of 10,000 (2,500).
        assertThat(t.drawn()).isEqualTo(5_358).isLessThanOrEqualTo(6_000);
        assertThat(t.describe("Client")).isEqualTo(
                "Client: 5,358 points of 30,000 drawn (every 4th of 10,000 successful, every 7th of 20,000 failed)");
    }

    @Test
    void fewSuccessesLeaveTheirRoomToErrors() {
        Thinning t = run(10_000, 9_000, 6_000);
        // 1,000 successes all fit; errors may use 5,000 of the cap: every 2nd of 9,000 (4,500).
        assertThat(t.drawn()).isEqualTo(5_500);
    }
}
