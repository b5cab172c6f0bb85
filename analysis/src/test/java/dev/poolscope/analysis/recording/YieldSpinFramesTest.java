package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The hand-off spin over another profiler's Java frames ("class.method", top first). */
class YieldSpinFramesTest {
    static final String YIELD0 = "java.lang.Thread.yield0";
    static final String YIELD = "java.lang.Thread.yield";
    static final String REQUITE = "com.zaxxer.hikari.util.ConcurrentBag.requite";

    @Test
    void yieldUnderRequiteIsTheSpin() {
        assertThat(StackClassifier
                .yieldSpin(List.of(YIELD0, YIELD, REQUITE, "com.zaxxer.hikari.pool.HikariPool.recycle")))
                .isTrue();
        // A compiled requite may call yield0 with no yield frame between them.
        assertThat(StackClassifier.yieldSpin(List.of(YIELD0, REQUITE))).isTrue();
    }

    @Test
    void requiteWithoutYieldOrYieldElsewhereIsNot() {
        assertThat(StackClassifier.yieldSpin(List.of("java.util.concurrent.SynchronousQueue.offer", REQUITE)))
                .isFalse();
        assertThat(StackClassifier.yieldSpin(List.of(YIELD0, YIELD, "com.example.Spinner.run"))).isFalse();
        // Below requite, not above it: requite's caller yielding is not requite spinning.
        assertThat(StackClassifier.yieldSpin(List.of(REQUITE, YIELD))).isFalse();
        assertThat(StackClassifier.yieldSpin(List.of())).isFalse();
        assertThat(StackClassifier.yieldSpin(List.of("noDot", "", "."))).isFalse();
    }

    @Test
    void onlyTheFramesNearTheTopCount() {
        List<String> deep = new ArrayList<>(List.of(YIELD0, YIELD));
        for (int i = 0; i < 6; i++) {
            deep.add("com.example.Layer" + i + ".call");
        }
        deep.add(REQUITE);
        assertThat(deep).hasSize(9);
        assertThat(StackClassifier.yieldSpin(deep)).isFalse();
        deep.remove(2);
        assertThat(StackClassifier.yieldSpin(deep)).isTrue();
    }
}
