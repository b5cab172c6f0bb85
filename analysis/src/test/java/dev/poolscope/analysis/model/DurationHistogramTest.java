package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** Bucket edges and percentile precision of the fixed-size duration histogram, against exact nearest rank. */
class DurationHistogramTest {

    @Test
    void bucketEdgesAreContiguousAndEachAtMostOneHundredTwentyEighthOfItsLowerEdgeWide() {
        assertThat(DurationHistogram.index(0)).isZero();
        assertThat(DurationHistogram.index(255)).isEqualTo(255);
        assertThat(DurationHistogram.index(256)).isEqualTo(256);
        assertThat(DurationHistogram.index(257)).isEqualTo(256);
        assertThat(DurationHistogram.index(258)).isEqualTo(257);
        assertThat(DurationHistogram.index(511)).isEqualTo(383);
        assertThat(DurationHistogram.index(512)).isEqualTo(384);
        assertThat(DurationHistogram.upperEdge(384)).isEqualTo(515);
        assertThat(DurationHistogram.index(Long.MAX_VALUE)).isEqualTo(DurationHistogram.BUCKETS - 1);
        assertThat(DurationHistogram.upperEdge(DurationHistogram.BUCKETS - 1)).isEqualTo(Long.MAX_VALUE);
        for (int i = 0; i < DurationHistogram.BUCKETS; i++) {
            long lo = DurationHistogram.lowerEdge(i);
            long hi = DurationHistogram.upperEdge(i);
            assertThat(DurationHistogram.index(lo)).isEqualTo(i);
            assertThat(DurationHistogram.index(hi)).isEqualTo(i);
            if (i + 1 < DurationHistogram.BUCKETS) {
                assertThat(DurationHistogram.lowerEdge(i + 1)).as("bucket %d", i).isEqualTo(hi + 1);
            }
            if (i < 2 * DurationHistogram.SUB_BUCKETS) {
                assertThat(hi).isEqualTo(lo);
            } else {
                assertThat(hi - lo + 1).as("bucket %d", i).isLessThanOrEqualTo(lo / 128);
            }
        }
    }

    @Test
    void valuesBelow256NanosAreExact() {
        DurationHistogram h = new DurationHistogram();
        for (long v = 1; v <= 200; v++) {
            h.add(v);
        }
        assertThat(h.percentile(0.50)).isEqualTo(100);
        assertThat(h.percentile(0.95)).isEqualTo(190);
        assertThat(h.percentile(0.99)).isEqualTo(198);
        assertThat(h.percentile(1.0)).isEqualTo(200);
        assertThat(h.mean()).isEqualTo(100.5);
    }

    @Test
    void percentilesAreWithinOneTwoHundredFiftySixthOfExactNearestRankAndCountMeanMaxAreExact() {
        SplittableRandom random = new SplittableRandom(15);
        int n = 200_000;
        long[] values = new long[n];
        DurationHistogram h = new DurationHistogram();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            // Log-uniform from 1 µs to 10 s: every scale a wait can have.
            long v = (long) Math.pow(10, 3 + 7 * random.nextDouble());
            values[i] = v;
            sum += v;
            h.add(v);
        }
        Arrays.sort(values);
        for (double p : new double[]{0.01, 0.25, 0.5, 0.9, 0.95, 0.99, 0.999}) {
            long exact = values[(int) Math.ceil(p * n) - 1];
            assertThat((double) Math.abs(h.percentile(p) - exact)).as("p%s", p * 100)
                    .isLessThanOrEqualTo(exact / 256.0);
        }
        assertThat(h.count()).isEqualTo(n);
        assertThat(h.max()).isEqualTo(values[n - 1]);
        assertThat(h.min()).isEqualTo(values[0]);
        assertThat(h.mean()).isCloseTo(sum / n, org.assertj.core.data.Offset.offset(1e-6 * sum / n));

        Distribution d = Distribution.of(h);
        Distribution exact = Distribution.ofNanos(values);
        assertThat(d.count()).isEqualTo(exact.count());
        assertThat(d.maxMs()).isEqualTo(exact.maxMs());
        assertThat(d.p99Ms()).isCloseTo(exact.p99Ms(),
                org.assertj.core.data.Offset.offset(exact.p99Ms() / 256));
    }

    @Test
    void emptyIsZeroAndNegativeDurationsCountAsZero() {
        DurationHistogram h = new DurationHistogram();
        assertThat(h.percentile(0.99)).isZero();
        assertThat(Distribution.of(h)).isEqualTo(Distribution.EMPTY);
        h.add(-5);
        assertThat(h.count()).isEqualTo(1);
        assertThat(h.max()).isZero();
    }
}
