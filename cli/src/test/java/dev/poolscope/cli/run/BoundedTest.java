package dev.poolscope.cli.run;

import dev.poolscope.cli.UserError;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;

import org.junit.jupiter.api.Test;

class BoundedTest {

    @Test
    void aCallThatNeverReturnsBecomesAOneLineError() {
        assertThatThrownBy(() -> Bounded.within(Duration.ofMillis(200), "pid 42 did not answer", () -> {
            Thread.sleep(60_000);
            return null;
        })).isInstanceOf(UserError.class).hasMessage("pid 42 did not answer");
    }

    @Test
    void aCallsOwnResultAndExceptionPassThrough() throws Exception {
        assertThat(Bounded.within(Duration.ofSeconds(30), "late", () -> "answered")).isEqualTo("answered");
        assertThatThrownBy(() -> Bounded.within(Duration.ofSeconds(30), "late", () -> {
            throw new IOException("connection refused");
        })).isInstanceOf(IOException.class).hasMessage("connection refused");
    }
}
