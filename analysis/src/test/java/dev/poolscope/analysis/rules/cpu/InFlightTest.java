package dev.poolscope.analysis.rules.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InFlightTest {

    @Test
    void countsTheMostSpansOpenAtOnce() {
        // [0,10) [5,15) [8,9) overlap at 8; [15,20) starts as [5,15) ends: no overlap with it.
        assertThat(InFlight.overlap(new long[]{0, 5, 8, 15}, new long[]{10, 15, 9, 20})).isEqualTo(3);
    }

    @Test
    void backToBackSpansAreOneAtATime() {
        assertThat(InFlight.overlap(new long[]{0, 10, 20}, new long[]{10, 20, 30})).isEqualTo(1);
    }

    @Test
    void noSpansNoneInFlight() {
        assertThat(InFlight.overlap(new long[0], new long[0])).isZero();
    }
}
