package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SortedLongsTest {
    private final long[] a = {1, 3, 3, 3, 7, Long.MAX_VALUE};

    @Test
    void firstAtLeastIsTheFirstOfEqualValues() {
        assertThat(SortedLongs.firstAtLeast(a, 0, a.length, 3)).isEqualTo(1);
        assertThat(SortedLongs.firstAtLeast(a, 0, a.length, 0)).isZero();
        assertThat(SortedLongs.firstAtLeast(a, 0, 5, 8)).isEqualTo(5);
        assertThat(SortedLongs.firstAtLeast(a, 2, 4, 1)).isEqualTo(2);
    }

    @Test
    void firstAboveSkipsEqualValues() {
        assertThat(SortedLongs.firstAbove(a, 0, a.length, 3)).isEqualTo(4);
        assertThat(SortedLongs.firstAbove(a, 0, a.length, 7)).isEqualTo(5);
        assertThat(SortedLongs.firstAbove(a, 0, a.length, Long.MAX_VALUE)).isEqualTo(a.length);
        assertThat(SortedLongs.firstAbove(a, 1, 4, 3)).isEqualTo(4);
    }
}
