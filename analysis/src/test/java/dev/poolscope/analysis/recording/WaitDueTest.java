package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;

import dev.poolscope.format.event.JdkTypes;

/**
 * When a wait was due to end by itself, read from a recording of this JVM: a sleep's asked-for time, the timeout of a
 * timed park or monitor wait that timed out. A pause inside such a wait before then delayed nothing.
 */
class WaitDueTest {
    /** Waited on, and parked on, by name: the recording's own waits on this thread are left out by it. */
    private static final class Monitor {
    }

    private static final Monitor MONITOR = new Monitor();

    /** Parked on until a deadline. */
    private static final class Deadline {
    }

    private static final Deadline UNTIL = new Deadline();

    @Test
    void eachWaitSaysWhenItWasDueToEndByItself(@TempDir Path dir) throws Exception {
        Path agent = Files.createDirectories(dir.resolve("agent"));
        try (Recording rec = new Recording()) {
            rec.enable(JdkTypes.THREAD_SLEEP).withThreshold(Duration.ZERO);
            rec.enable(JdkTypes.THREAD_PARK).withThreshold(Duration.ZERO);
            rec.enable(JdkTypes.JAVA_MONITOR_WAIT).withThreshold(Duration.ZERO);
            rec.start();
            Thread.sleep(30);
            LockSupport.parkNanos(MONITOR, 30_000_000L);
            synchronized (MONITOR) {
                MONITOR.wait(30);
            }
            // Unparked before its timeout: it did not time out, so nothing says when it was due.
            Thread me = Thread.currentThread();
            Thread waker = new Thread(() -> {
                sleep(20);
                LockSupport.unpark(me);
            });
            waker.start();
            LockSupport.parkNanos(MONITOR, 10_000_000_000L);
            // A park until a deadline (epoch milliseconds) that lasted to it.
            LockSupport.parkUntil(UNTIL, System.currentTimeMillis() + 30);
            rec.stop();
            waker.join();
            rec.dump(agent.resolve("recording.jfr"));
        }
        long me = Thread.currentThread().threadId();
        List<Events.ThreadWait> waits = new ArrayList<>();
        List<Events.ThreadWait> untils = new ArrayList<>();
        new RecordingReader().read(agent, new RecordingListener() {
            @Override
            public void threadWait(Events.ThreadWait e) {
                // Only this thread's test waits: other threads, and the recording itself, may wait meanwhile.
                if (e.thread().javaThreadId() == me
                        && (e.kind() == Events.WaitKind.SLEEP || e.detail().contains("Monitor"))) {
                    waits.add(e);
                }
                if (e.thread().javaThreadId() == me && e.detail().contains("Deadline")) {
                    untils.add(e);
                }
            }
        });
        // The JDK writes a sleep (a Java event) and a park or monitor wait (the VM's) in separate buffers: in any order.
        assertThat(waits).extracting(Events.ThreadWait::kind, Events.ThreadWait::scheduledNanos)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(Events.WaitKind.SLEEP, 30_000_000L),
                        org.assertj.core.groups.Tuple.tuple(Events.WaitKind.PARK_OTHER, 30_000_000L),
                        org.assertj.core.groups.Tuple.tuple(Events.WaitKind.MONITOR_WAIT, 30_000_000L),
                        org.assertj.core.groups.Tuple.tuple(Events.WaitKind.PARK_OTHER, -1L));
        assertThat(waits).filteredOn(w -> w.scheduledNanos() > 0)
                .allMatch(w -> w.endNanos() - w.startNanos() >= 29_000_000L);
        // Its deadline is in whole milliseconds, from a clock of its own: up to 30 ms after the park began.
        assertThat(untils).singleElement().satisfies(u -> {
            assertThat(u.kind()).isEqualTo(Events.WaitKind.PARK_OTHER);
            assertThat(u.scheduledNanos()).isBetween(25_000_000L, 31_000_000L);
            assertThat(u.endNanos() - u.startNanos()).isGreaterThanOrEqualTo(u.scheduledNanos());
        });
    }

    /**
     * Across the boundary: the real agent enables jdk.ThreadSleep (fixtures/starved-pool, a lab run it recorded), and
     * every sleep in its recording reads back with the time it asked for, which it lasted at least.
     */
    @Test
    void theAgentsRecordingGivesEverySleepItsAskedForTime() throws Exception {
        List<Events.ThreadWait> sleeps = new ArrayList<>();
        new RecordingReader().read(Path.of("src/test/resources/fixtures/starved-pool/agent"),
                new RecordingListener() {
                    @Override
                    public void threadWait(Events.ThreadWait e) {
                        if (e.kind() == Events.WaitKind.SLEEP) {
                            sleeps.add(e);
                        }
                    }
                });
        assertThat(sleeps).hasSize(88).allSatisfy(w -> assertThat(w.scheduledNanos())
                .isPositive().isLessThanOrEqualTo(w.endNanos() - w.startNanos()));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
