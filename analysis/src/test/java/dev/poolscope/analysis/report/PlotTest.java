package dev.poolscope.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class PlotTest {
    @Test
    void ticksAreRoundMultiplesInsideTheRange() {
        assertThat(Plot.ticks(0, 1382.7)).containsExactly(0.0, 500.0, 1000.0);
        assertThat(Plot.ticks(0, 17.4)).containsExactly(0.0, 5.0, 10.0, 15.0);
        assertThat(Plot.ticks(0, 100)).containsExactly(0.0, 20.0, 40.0, 60.0, 80.0, 100.0);
        assertThat(Plot.ticks(3.5, 210.5)).containsExactly(50.0, 100.0, 150.0, 200.0);
        assertThat(Plot.ticks(0, 1)).hasSize(6).first().isEqualTo(0.0);
        assertThat(Plot.ticks(0, 1).get(3)).isEqualTo(0.6000000000000001);
    }

    @Test
    void anEmptyRangeHasOneTick() {
        assertThat(Plot.ticks(5, 5)).containsExactly(5.0);
    }

    @Test
    void labelsHaveTheDecimalsTheirStepNeeds() {
        List<Double> tenths = Plot.ticks(0, 1);
        assertThat(tenths.stream().map(v -> Plot.label(v, tenths)))
                .containsExactly("0", "0.2", "0.4", "0.6", "0.8", "1.0");
        List<Double> hundreds = Plot.ticks(0, 1382.7);
        assertThat(hundreds.stream().map(v -> Plot.label(v, hundreds))).containsExactly("0", "500", "1000");
        List<Double> small = Plot.ticks(0, 0.17);
        assertThat(small.stream().map(v -> Plot.label(v, small))).containsExactly("0", "0.05", "0.10",
                "0.15");
    }

    @Test
    void theLatencyChartNamesItsGroupsInsteadOfNumberingThem() {
        Plot p = new Plot(640, 220, 0, 4, 0, 1382.7).yAxis("ms")
                .xLabel("p50, p95 and p99, left to right");
        p.category(0.5, "client");
        assertThat(p.texts()).extracting(Plot.Text::text)
                .containsExactly("0", "500", "1000", "ms", "p50, p95 and p99, left to right", "client");
    }
}
