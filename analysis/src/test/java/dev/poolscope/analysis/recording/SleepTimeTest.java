package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;

import dev.poolscope.format.event.JdkTypes;

/**
 * A sleep's asked-for time, read from a recording of this JVM: the JDK records it beside the time the sleep took, and
 * a pause inside the sleep before that time delayed nothing.
 */
class SleepTimeTest {

    @Test
    void aSleepCarriesTheTimeItAskedFor(@TempDir Path dir) throws Exception {
        Path agent = Files.createDirectories(dir.resolve("agent"));
        try (Recording rec = new Recording()) {
            rec.enable(JdkTypes.THREAD_SLEEP).withThreshold(java.time.Duration.ZERO);
            rec.start();
            Thread.sleep(30);
            rec.stop();
            rec.dump(agent.resolve("recording.jfr"));
        }
        long me = Thread.currentThread().threadId();
        List<Events.ThreadWait> sleeps = new ArrayList<>();
        new RecordingReader().read(agent, new RecordingListener() {
            @Override
            public void threadWait(Events.ThreadWait e) {
                // Only this thread's: another may sleep while the recording runs.
                if (e.kind() == Events.WaitKind.SLEEP && e.thread().javaThreadId() == me) {
                    sleeps.add(e);
                }
            }
        });
        assertThat(sleeps).hasSize(1);
        Events.ThreadWait s = sleeps.getFirst();
        assertThat(s.scheduledNanos()).isEqualTo(30_000_000L);
        assertThat(s.endNanos() - s.startNanos()).isGreaterThanOrEqualTo(29_000_000L);
    }
}
