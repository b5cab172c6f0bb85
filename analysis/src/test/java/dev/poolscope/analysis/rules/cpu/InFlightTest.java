package dev.poolscope.analysis.rules.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class InFlightTest {

    @Test
    void countsTheMostSpansOpenAtOnceAndHowLongMoreThanACountWere() {
        // [0,10) [5,15) [8,9) [15,20): 3 open at 8, 2 open over [5,8) and [9,10), none past 2 after 10.
        InFlight f = InFlight.ofSpans(0, 10, 5, 15, 8, 9, 15, 20);
        assertThat(f.most()).isEqualTo(3);
        assertThat(f.fromSpans()).isTrue();
        assertThat(f.shareAbove(2)).isCloseTo(1 / 20.0, within(1e-9));
        assertThat(f.shareAbove(1)).isCloseTo(5 / 20.0, within(1e-9));
        assertThat(f.shareAbove(3)).isZero();
    }

    @Test
    void backToBackSpansAreOneAtATime() {
        InFlight f = InFlight.ofSpans(0, 10, 10, 20, 20, 30);
        assertThat(f.most()).isEqualTo(1);
        assertThat(f.shareAbove(0)).isEqualTo(1.0);
        assertThat(f.shareAbove(1)).isZero();
    }

    @Test
    void nothingMeasuredIsMinusOne() {
        InFlight f = InFlight.ofSpans();
        assertThat(f.most()).isEqualTo(-1);
        assertThat(f.shareAbove(1)).isNaN();
    }
}
