package dev.poolscope.app.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/** The servers' start on a thread of its own: waited for, its failure passed on, never left running by a close. */
class BackendServicesTest {

    @Test
    void awaitingAStartThatFailedThrowsWhatStoppedIt() {
        BackendServices services = new BackendServices();
        services.startInBackground(() -> {
            throw new IllegalStateException("could not start the embedded backends: port taken");
        });
        assertThatThrownBy(services::awaitStarted).isInstanceOf(IllegalStateException.class)
                .hasMessage("could not start the embedded backends: port taken");
        // A close after a failed start neither hangs nor throws.
        services.close();
    }

    @Test
    void closeWaitsForAStartUnderWay() throws Exception {
        BackendServices services = new BackendServices();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean finished = new AtomicBoolean();
        services.startInBackground(() -> {
            running.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            finished.set(true);
        });
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        Thread closer = new Thread(services::close);
        closer.start();
        closer.join(300);
        assertThat(closer.isAlive()).as("close waits while the start runs").isTrue();
        release.countDown();
        closer.join(10_000);
        assertThat(closer.isAlive()).isFalse();
        assertThat(finished).isTrue();
    }

    @Test
    void withNothingStartedThereIsNothingToWaitFor() {
        BackendServices services = new BackendServices();
        services.awaitStarted();
        assertThat(services.embeddedPostgres()).isFalse();
        services.close();
    }
}
