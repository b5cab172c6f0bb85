package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

import dev.poolscope.format.event.JdkTypes;

/** jdk.ThreadPark stacks from the real agent's recording of a starved Hikari pool, classified by frames. */
class RealParkStacksTest {
    static final Path RECORDING = Path.of("src/test/resources/fixtures/starved-pool/agent/recording.jfr");

    static boolean underGetConnection(RecordedEvent e) {
        if (e.getStackTrace() == null) {
            return false;
        }
        for (RecordedFrame f : e.getStackTrace().getFrames()) {
            if (f.getMethod() != null
                    && f.getMethod().getType().getName().equals("com.zaxxer.hikari.pool.HikariPool")
                    && f.getMethod().getName().equals("getConnection")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyParkInsideGetConnectionIsAPoolWait() throws Exception {
        List<RecordedEvent> inPool = new ArrayList<>();
        int others = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(RECORDING)) {
            if (!e.getEventType().getName().equals(JdkTypes.THREAD_PARK)) {
                continue;
            }
            if (underGetConnection(e)) {
                inPool.add(e);
            } else {
                others++;
                // A Tomcat worker idling in its task queue is not waiting for the pool.
                if (e.getThread() != null && e.getThread().getJavaName().contains("exec")
                        && e.getStackTrace() != null && e.getStackTrace().getFrames().stream()
                                .anyMatch(f -> f.getMethod().getName().equals("getTask"))) {
                    assertThat(StackClassifier.park(e.getStackTrace())).isEqualTo(Events.WaitKind.PARK_OTHER);
                }
            }
        }
        // 50 clients on a pool of 2: hundreds of waits for a connection, each parked in ConcurrentBag.borrow.
        assertThat(inPool).hasSizeGreaterThan(200);
        assertThat(others).isPositive();
        for (RecordedEvent e : inPool) {
            assertThat(StackClassifier.park(e.getStackTrace())).isEqualTo(Events.WaitKind.PARK_POOL);
        }
    }

    @Test
    void theReaderTurnsThemIntoPoolWaitsOnTheWorkerThreads() throws Exception {
        List<Events.ThreadWait> pool = new ArrayList<>();
        new RecordingReader().read(RECORDING.getParent(), new RecordingListener() {
            @Override
            public void threadWait(Events.ThreadWait e) {
                if (e.kind() == Events.WaitKind.PARK_POOL) {
                    pool.add(e);
                }
            }
        });
        assertThat(pool).hasSizeGreaterThan(200)
                .allSatisfy(w -> assertThat(w.thread().name()).startsWith("http-nio-"));
    }
}
