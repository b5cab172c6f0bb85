package dev.poolscope.analysis.flame;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.poolscope.analysis.recording.Events;
import one.profiler.AsyncProfiler;

/**
 * A real async-profiler recording, made in this JVM as the agent makes one in the app's: one thread keeps entering a
 * monitor another holds for 2 ms at a time (each wait far below jdk.JavaMonitorEnter's 10 ms threshold), one sleeps
 * 1 ms at a time. Their wall samples must come back on their Java thread ids, named by their stacks.
 */
class WallSampleReaderTest {
    @TempDir
    Path dir;

    @Test
    void shortMonitorWaitsAndSleepsAreNamedFromARealRecording() throws Exception {
        Object lock = new Object();
        AtomicBoolean stop = new AtomicBoolean();
        Thread holder = new Thread(() -> {
            while (!stop.get()) {
                synchronized (lock) {
                    spin(2);
                }
                Thread.onSpinWait();
            }
        }, "holder");
        Thread contender = new Thread(() -> {
            while (!stop.get()) {
                synchronized (lock) {
                    Thread.onSpinWait();
                }
            }
        }, "contender");
        Thread sleeper = new Thread(() -> {
            while (!stop.get()) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "sleeper");
        Path jfr = dir.resolve("async-profiler.jfr");
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=ctimer,interval=10000000,wall=2ms,file=" + jfr);
        holder.start();
        contender.start();
        sleeper.start();
        Thread.sleep(1500);
        stop.set(true);
        holder.join();
        contender.join();
        sleeper.join();
        profiler.execute("stop");

        List<Events.WallSample> samples = new ArrayList<>();
        long read = new WallSampleReader().read(jfr, samples::add);
        assertThat(read).isEqualTo(samples.size()).isPositive();
        assertThat(kinds(samples, contender.threadId())).as("the contender, blocked entering the monitor")
                .containsKey(Events.WaitKind.MONITOR_ENTER);
        Map<Events.WaitKind, Long> sleeps = kinds(samples, sleeper.threadId());
        assertThat(sleeps).as("the sleeper").containsKey(Events.WaitKind.SLEEP);
        assertThat(sleeps.get(Events.WaitKind.SLEEP)).as("sleeps are most of the sleeper's sleeping samples")
                .isGreaterThan(sleeps.values().stream().mapToLong(Long::longValue).sum() / 2);
        assertThat(samples).allSatisfy(s -> assertThat(s.weight()).isPositive());
    }

    private static Map<Events.WaitKind, Long> kinds(List<Events.WallSample> samples, long javaThreadId) {
        Map<Events.WaitKind, Long> out = new EnumMap<>(Events.WaitKind.class);
        for (Events.WallSample s : samples) {
            if (s.javaThreadId() == javaThreadId && s.kind() != null) {
                out.merge(s.kind(), s.weight(), Long::sum);
            }
        }
        return out;
    }

    private static void spin(long ms) {
        long end = System.nanoTime() + ms * 1_000_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
