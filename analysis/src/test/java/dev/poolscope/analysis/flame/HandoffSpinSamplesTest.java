package dev.poolscope.analysis.flame;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.zaxxer.hikari.util.ConcurrentBag;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingListener;
import dev.poolscope.analysis.recording.RecordingReader;
import jdk.jfr.Recording;
import one.profiler.AsyncProfiler;

/**
 * HikariCP's hand-off spin, made by the real ConcurrentBag (four borrowers, one entry: a returning thread yields while
 * the others wait), recorded by the JDK and by async-profiler at once. The spin is in Thread.yield's native code: both
 * readers must find it, the JDK's through its native method samples, async-profiler's through its CPU samples.
 */
class HandoffSpinSamplesTest {
    @TempDir
    Path dir;

    @Test
    void bothRecordingsSeeTheSpinOfARealConcurrentBag() throws Exception {
        Path profile = dir.resolve("async-profiler.jfr");
        record(dir, Duration.ofMillis(2000));

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

        assertThat(profilerSamples.get()).as("async-profiler's CPU samples").isGreaterThan(50);
        assertThat(profilerSpins.get()).as("of them in the spin").isGreaterThanOrEqualTo(5);
        // The rule's lowest threshold: a spin this hard is never read as none.
        assertThat(100.0 * profilerSpins.get() / profilerSamples.get()).isGreaterThan(2);
        assertThat(jdkSpins.get()).as("the JDK's samples in the spin (native method samples)")
                .isGreaterThanOrEqualTo(5);
        assertThat(jdkSamples.get()).isGreaterThan(jdkSpins.get());
    }

    /** Records the spin for {@code length} into {@code out} as the agent would: the JDK's recording, async-profiler's. */
    private static void record(Path out, Duration length) throws Exception {
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        try (Recording jdk = new Recording()) {
            jdk.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            jdk.enable("jdk.NativeMethodSample").withPeriod(Duration.ofMillis(10));
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

    private static void spin(Duration length) throws InterruptedException {
        ConcurrentBag<Entry> bag = new ConcurrentBag<>(waiting -> {
        });
        bag.add(new Entry());
        long end = System.nanoTime() + length.toNanos();
        AtomicLong uses = new AtomicLong();
        Thread[] borrowers = new Thread[4];
        for (int i = 0; i < borrowers.length; i++) {
            borrowers[i] = new Thread(() -> {
                try {
                    while (System.nanoTime() < end) {
                        Entry e = bag.borrow(50, TimeUnit.MILLISECONDS);
                        if (e != null) {
                            // The entry's use: a write every borrower shares. Without any, the borrower that returns
                            // it takes it straight back and nobody waits long enough to make the returner spin.
                            uses.incrementAndGet();
                            bag.requite(e);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "borrower-" + i);
            borrowers[i].start();
        }
        for (Thread t : borrowers) {
            t.join();
        }
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
