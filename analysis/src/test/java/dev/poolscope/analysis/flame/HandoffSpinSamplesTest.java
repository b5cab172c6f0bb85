package dev.poolscope.analysis.flame;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.zaxxer.hikari.util.ConcurrentBag;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingListener;
import dev.poolscope.analysis.recording.RecordingReader;
import dev.poolscope.format.event.JdkTypes;
import jdk.jfr.Recording;
import one.profiler.AsyncProfiler;

/**
 * HikariCP's hand-off spin, made by the real ConcurrentBag (one entry, a thread returning it while another waits),
 * recorded by the JDK and by async-profiler at once. The spin is in Thread.yield's native code: both
 * readers must find it, the JDK's through its native method samples, async-profiler's through its CPU samples.
 */
class HandoffSpinSamplesTest {
    @TempDir
    Path dir;

    @Test
    void bothRecordingsSeeTheSpinOfARealConcurrentBag() throws Exception {
        Path profile = dir.resolve("async-profiler.jfr");
        record(dir, Duration.ofSeconds(10));

        AtomicLong jdkSamples = new AtomicLong();
        AtomicLong jdkSpins = new AtomicLong();
        new RecordingReader().read(dir, new RecordingListener() {
            @Override
            public void cpuSample(Events.CpuSample e) {
                jdkSamples.incrementAndGet();
                if (e.yieldSpin()) {
                    jdkSpins.incrementAndGet();
                }
            }
        });
        AtomicLong profilerSamples = new AtomicLong();
        AtomicLong profilerSpins = new AtomicLong();
        new WallSampleReader().read(profile, w -> {
        }, (time, spin) -> {
            profilerSamples.incrementAndGet();
            if (spin) {
                profilerSpins.incrementAndGet();
            }
        });

        System.out.println(
                "SPIN " + profilerSpins + "/" + profilerSamples + " jdk " + jdkSpins + "/" + jdkSamples);
        // A second of one thread's CPU spinning, sampled every 10 ms of CPU (async-profiler) and of time (the JDK).
        assertThat(profilerSpins.get()).as("async-profiler's CPU samples in the spin").isGreaterThan(50);
        // The rule's upper threshold: a spin this hard is read as one.
        assertThat(100.0 * profilerSpins.get() / profilerSamples.get()).isGreaterThan(10);
        assertThat(jdkSpins.get()).as("the JDK's samples in the spin (native method samples)")
                .isGreaterThan(20);
        assertThat(100.0 * jdkSpins.get() / jdkSamples.get()).isGreaterThan(10);
    }

    /** Records the spin for {@code length} into {@code out} as the agent would: the JDK's recording, async-profiler's. */
    private static void record(Path out, Duration length) throws Exception {
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        try (Recording jdk = new Recording()) {
            jdk.enable(JdkTypes.EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(10));
            jdk.enable(JdkTypes.NATIVE_METHOD_SAMPLE).withPeriod(Duration.ofMillis(10));
            jdk.setDestination(out.resolve("recording.jfr"));
            jdk.start();
            profiler.execute(
                    "start,event=ctimer,interval=10000000,file=" + out.resolve("async-profiler.jfr"));
            try {
                spin(length);
            } finally {
                profiler.execute("stop");
            }
            jdk.stop();
        }
    }

    /**
     * One thread returns the bag's only entry while another is counted as waiting but not yet polling for a hand-off:
     * the bag calls its listener (HikariPool's addBagItem, which queues a new connection) between the two, and here
     * the listener does not return until the returning thread, yielding in requite all along, has spent a second of CPU
     * there (or {@code length} is over).
     */
    private static void spin(Duration length) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        ConcurrentBag<Entry> bag = new ConcurrentBag<>(waiting -> {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        bag.add(new Entry());
        Entry held = bag.borrow(1, TimeUnit.SECONDS);
        Thread waiter = new Thread(() -> {
            try {
                Entry e = bag.borrow(30, TimeUnit.SECONDS);
                if (e != null) {
                    bag.requite(e);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "waiter");
        waiter.start();
        while (bag.getWaitingThreadCount() == 0) {
            Thread.onSpinWait();
        }
        Thread returner = new Thread(() -> bag.requite(held), "returner");
        returner.start();
        // A second of the spin's CPU: on a busy machine a yielding thread gets less of it, so it may take longer.
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long deadline = System.nanoTime() + length.toNanos();
        while (System.nanoTime() < deadline && mx.getThreadCpuTime(returner.threadId()) < 1_000_000_000L) {
            Thread.sleep(50);
        }
        release.countDown();
        returner.join();
        waiter.join();
    }

    private static final class Entry implements ConcurrentBag.IConcurrentBagEntry {
        private final AtomicInteger state = new AtomicInteger();

        @Override
        public boolean compareAndSet(int expect, int update) {
            return state.compareAndSet(expect, update);
        }

        @Override
        public void setState(int update) {
            state.set(update);
        }

        @Override
        public int getState() {
            return state.get();
        }
    }
}
