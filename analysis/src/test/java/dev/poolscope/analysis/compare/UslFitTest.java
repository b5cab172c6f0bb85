package dev.poolscope.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The USL fit recovers known parameters and speaks only when the sweep has enough thread counts. */
class UslFitTest {
    static final double[] N = {1, 2, 4, 8, 16, 32, 64};

    @Test
    void recoversTheParametersThatMadeThePoints() {
        UslFit truth = new UslFit(100, 0.05, 0.001);
        double[] x = new double[N.length];
        for (int i = 0; i < N.length; i++) {
            x[i] = truth.predict(N[i]);
        }
        UslFit fit = UslFit.fit(N, x);
        assertThat(fit.sigma()).isCloseTo(0.05, within(0.002));
        assertThat(fit.kappa()).isCloseTo(0.001, within(0.00005));
        assertThat(fit.lambda()).isCloseTo(100, within(1.0));
        // √((1 − 0.05) / 0.001) = 30.8
        assertThat(fit.peak()).isCloseTo(30.8, within(0.5));
    }

    @Test
    void purelySerialWorkRecommendsFewThreads() {
        // A lock serialising everything: throughput flat at 100 req/s from 2 threads on (σ ≈ 1).
        UslFit fit = UslFit.fit(new double[]{1, 2, 8, 32}, new double[]{100, 100, 100, 100});
        assertThat(fit.sigma()).isCloseTo(1, within(0.01));
        assertThat(fit.recommend(1, 128)).isEqualTo(1);
    }

    @Test
    void twoThreadCountsAreNotEnough() {
        assertThat(UslFit.fit(new double[]{8, 16, 16}, new double[]{80, 120, 121})).isNull();
    }

    @Test
    void verdictShowsTheFitAndPredictedAgainstMeasured() {
        UslFit truth = new UslFit(100, 0.05, 0.001);
        List<Cell> cells = NoiseVerdictTest.sweep(truth::predict, "healthy", 10, 4, 8, 16, 64, 128);
        Verdict v = Verdict.of(List.of("threads"), cells);
        // Two rounds with 2 % of noise that is not the round's: the fit recovers σ and κ and is shown.
        assertThat(v.sentences()).endsWith(
                "Universal Scalability Law fitted to throughput over threads: contention \u03c3 = 0.05, coherency"
                        + " \u03ba = 0.001, \u03bb = 97.6 req/s per thread; throughput peaks at N = \u221a((1 \u2212"
                        + " \u03c3) / \u03ba) = 30.8.",
                "From the fit: 21 threads, the smallest count between 4 and 128 (the counts measured) reaching 95% of"
                        + " the best predicted throughput there; predicted 846 req/s.",
                "Predicted against measured: threads 4: measured 336 req/s, predicted 336 req/s (0%); threads 8:"
                        + " measured 554 req/s, predicted 555 req/s (+0.08%); threads 16: measured 784 req/s,"
                        + " predicted 784 req/s (-0.05%); threads 64: measured 762 req/s, predicted 763 req/s (0%);"
                        + " threads 128: measured 529 req/s, predicted 529 req/s (-0.06%).");
        List<ComparedRun> runs = new ArrayList<>();
        cells.forEach(c -> runs.addAll(c.runs()));
        assertThat(Verdict.of(List.of("pool-size"), Cell.of(runs)).sentences())
                .noneMatch(s -> s.contains("Scalability"));
    }
}
