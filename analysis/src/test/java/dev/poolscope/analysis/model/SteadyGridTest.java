package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The starts one read keeps apart: a second each up to about two minutes of load, whole steps past that. */
class SteadyGridTest {
    @Test
    void aSecondEachWhileTheFirstHalfHoldsFewerThanTheMostKeptApart() {
        assertThat(SteadyGrid.stepSeconds(20)).isEqualTo(1);
        assertThat(SteadyGrid.stepSeconds(60)).isEqualTo(1);
        assertThat(SteadyGrid.stepSeconds(124)).isEqualTo(1);
        assertThat(SteadyGrid.steps(60, 1)).isEqualTo(33);
        assertThat(SteadyGrid.steps(20, 1)).isEqualTo(13);
    }

    @Test
    void pastThatWholeStepsThatKeepThemUnderIt() {
        assertThat(SteadyGrid.stepSeconds(126)).isEqualTo(2);
        assertThat(SteadyGrid.stepSeconds(300)).isEqualTo(3);
        assertThat(SteadyGrid.stepSeconds(3600)).isEqualTo(29);
        assertThat(SteadyGrid.steps(3600, 29)).isEqualTo(63).isLessThanOrEqualTo(SteadyGrid.MAX_STEPS);
        assertThat(SteadyGrid.onStep(10, 3)).isEqualTo(12);
        assertThat(SteadyGrid.onStep(9, 3)).isEqualTo(9);
        assertThat(SteadyGrid.onStep(0, 29)).isZero();
    }
}
