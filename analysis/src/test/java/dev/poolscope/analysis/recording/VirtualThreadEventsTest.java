package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;

import dev.poolscope.format.event.JdkTypes;
import dev.poolscope.format.event.ThreadSchedStatEvent;

/**
 * What the analysis needs of virtual threads, read from a recording of this JVM: a sleep on a virtual thread says so,
 * with the time it asked for (what it overran is run delay on virtual threads), and a carrier's scheduler statistics
 * keep their carrier mark, as the agent writes them.
 */
class VirtualThreadEventsTest {

    @Test
    void aVirtualThreadsSleepAndACarriersSchedStatReadBackAsWritten(@TempDir Path dir) throws Exception {
        Path agent = Files.createDirectories(dir.resolve("agent"));
        long[] vt = new long[1];
        try (Recording rec = new Recording()) {
            rec.enable(JdkTypes.THREAD_SLEEP).withThreshold(Duration.ZERO);
            rec.enable(ThreadSchedStatEvent.NAME);
            rec.start();
            Thread t = Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(30);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            vt[0] = t.threadId();
            t.join();
            ThreadSchedStatEvent e = new ThreadSchedStatEvent();
            e.osThreadId = 4711;
            e.javaThreadId = 0;
            e.threadName = "ForkJoinPool-1-";
            e.cpuNanos = 180_000_000L;
            e.runDelayNanos = 440_000_000L;
            e.carrier = true;
            e.commit();
            rec.stop();
            rec.dump(agent.resolve("recording.jfr"));
        }
        List<Events.ThreadWait> sleeps = new ArrayList<>();
        List<Events.SchedStat> sched = new ArrayList<>();
        new RecordingReader().read(agent, new RecordingListener() {
            @Override
            public void threadWait(Events.ThreadWait e) {
                if (e.kind() == Events.WaitKind.SLEEP && e.thread().javaThreadId() == vt[0]) {
                    sleeps.add(e);
                }
            }

            @Override
            public void schedStat(Events.SchedStat e) {
                sched.add(e);
            }
        });
        assertThat(sleeps).singleElement().satisfies(s -> {
            assertThat(s.thread().virtual()).isTrue();
            assertThat(s.scheduledNanos()).isEqualTo(30_000_000L);
        });
        assertThat(sched).singleElement().satisfies(s -> {
            assertThat(s.carrier()).isTrue();
            assertThat(s.javaThreadId()).isZero();
            assertThat(s.osThreadId()).isEqualTo(4711);
            assertThat(s.runDelayNanos()).isEqualTo(440_000_000L);
        });
    }
}
