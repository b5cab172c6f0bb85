package dev.poolscope.analysis.flame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
        long spinCpuNanos = record(dir, Duration.ofSeconds(30));

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
                "SPIN " + profilerSpins + "/" + profilerSamples + " jdk " + jdkSpins + "/" + jdkSamples
                        + ", the returner's CPU " + spinCpuNanos / 1_000_000 + " ms");
        // Up to a second of one thread's CPU spinning, sampled every 10 ms of CPU (async-profiler) and of time (the
        // JDK). A yielding thread gets little CPU on a busy machine (a quarter of a second in 10 s beside a parallel
        // build; 46 ms in 30 s beside six busy loops): the samples are counted against the CPU it got. Below 200 ms
        // of it there are too few samples to judge the readers by, and the test says so instead of passing or failing.
        assumeTrue(spinCpuNanos > 200_000_000L,
                "the machine gave the spin " + spinCpuNanos / 1_000_000
                        + " ms of CPU in 30 s: too busy to judge");
        assertThat(profilerSpins.get()).as("async-profiler's CPU samples in the spin")
                .isGreaterThan(spinCpuNanos / 10_000_000L / 2);
        // The rule's upper threshold: a spin this hard is read as one.
        assertThat(100.0 * profilerSpins.get() / profilerSamples.get()).isGreaterThan(10);
        assertThat(jdkSpins.get()).as("the JDK's samples in the spin (native method samples)")
                .isGreaterThan(20);
        assertThat(100.0 * jdkSpins.get() / jdkSamples.get()).isGreaterThan(10);
    }

    /**
     * Records the spin for at most {@code length} into {@code out} as the agent would: the JDK's recording,
     * async-profiler's. Returns the CPU the spinning thread got.
     */
    private static long record(Path out, Duration length) throws Exception {
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        try (Recording jdk = new Recording()) {
            jdk.enable(JdkTypes.EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(10));
            jdk.enable(JdkTypes.NATIVE_METHOD_SAMPLE).withPeriod(Duration.ofMillis(10));
            jdk.setDestination(out.resolve("recording.jfr"));
            jdk.start();
            profiler.execute(
                    "start,event=ctimer,interval=10000000,file=" + out.resolve("async-profiler.jfr"));
            long cpu;
            try {
                cpu = spin(length);
            } finally {
                profiler.execute("stop");
            }
            jdk.stop();
            return cpu;
        }
    }

    /**
     * One thread returns the bag's only entry while another is counted as waiting but not yet polling for a hand-off:
     * the bag calls its listener (HikariPool's addBagItem, which queues a new connection) between the two, and here
     * the listener does not return until the returning thread, yielding in requite all along, has spent a second of CPU
     * there (or {@code length} is over).
     */
    private static long spin(Duration length) throws InterruptedException {
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
        long cpu = 0;
        while (System.nanoTime() < deadline
                && (cpu = mx.getThreadCpuTime(returner.threadId())) < 1_000_000_000L) {
            Thread.sleep(50);
        }
        release.countDown();
        returner.join();
        waiter.join();
        return cpu;
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
