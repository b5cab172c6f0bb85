package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Lock sites and allocation sites name arrays as Java source does: a monitor on an int[] is not "[I". */
class ClassNamesTest {

    @Test
    void arraysReadAsInSource() {
        assertThat(ClassNames.readable("[I")).isEqualTo("int[]");
        assertThat(ClassNames.readable("[[B")).isEqualTo("byte[][]");
        assertThat(ClassNames.readable("[Ljava.lang.Object;")).isEqualTo("java.lang.Object[]");
        assertThat(ClassNames.readable("java.util.HashMap")).isEqualTo("java.util.HashMap");
        assertThat(ClassNames.readable("")).isEmpty();
    }
}
