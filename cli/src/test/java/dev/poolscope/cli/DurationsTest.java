package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void readsSecondsMinutesAndHours() {
        assertThat(Durations.seconds("60", "--duration")).isEqualTo(60);
        assertThat(Durations.seconds("60s", "--duration")).isEqualTo(60);
        assertThat(Durations.seconds("2m", "--duration")).isEqualTo(120);
        assertThat(Durations.seconds("1m30s", "--duration")).isEqualTo(90);
        assertThat(Durations.seconds("1h", "--duration")).isEqualTo(3600);
    }

    @Test
    void refusesWhatIsNotADuration() {
        assertThatThrownBy(() -> Durations.seconds("ten", "--duration")).isInstanceOf(UserError.class)
                .hasMessage("--duration must look like 60, 60s, 2m or 1m30s, got 'ten'");
        assertThatThrownBy(() -> Durations.seconds("25h", "--warmup"))
                .hasMessage("--warmup must be at most 24h, got '25h'");
    }
}
