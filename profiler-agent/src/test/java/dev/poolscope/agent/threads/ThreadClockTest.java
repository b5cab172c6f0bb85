package dev.poolscope.agent.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The per-span reads on this test's own thread, against the real /proc and thread CPU clock (Linux). */
class ThreadClockTest {

    @Test
    void runDelayIsTheSecondSchedstatField() {
        assertEquals(456, parse("123 456 7\n"));
        assertEquals(0, parse("5 0 1\n"));
        assertEquals(-1, parse("0 0 0\n"), "a kernel without scheduler statistics prints zeros");
        assertEquals(-1, parse("123\n"));
        assertEquals(-1, parse(""));
    }

    @Test
    void aSpanOfSpinningAndSleepingMeasuresItsCpuAndNoMoreThanItsLength() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "needs Linux /proc");
        ProcTaskStats stats = new ProcTaskStats();
        long tid = ThreadTracker.tidOf(Files.readSymbolicLink(Path.of("/proc/thread-self")).toString());
        long[] before = new long[5];
        long[] after = new long[5];
        ThreadClock clock = ThreadClock.ofCurrentThread();
        assertTrue(stats.read(tid, before));
        long wallStart = System.nanoTime();
        clock.start();
        spinCpu(30_000_000L);
        Thread.sleep(20);
        clock.stop();
        long wall = System.nanoTime() - wallStart;
        assertTrue(stats.read(tid, after));
        assertTrue(clock.cpuNanos() >= 30_000_000L && clock.cpuNanos() <= wall,
                clock.cpuNanos() + " ns of CPU in " + wall + " ns");
        assertTrue(clock.cpuNanos() <= wall - 20_000_000L, "the sleep is not CPU: " + clock.cpuNanos());
        long bracket = after[ProcTaskStats.RUN_DELAY] - before[ProcTaskStats.RUN_DELAY];
        assertTrue(clock.runDelayNanos() >= 0 && clock.runDelayNanos() <= bracket,
                clock.runDelayNanos() + " ns of run delay inside a bracket of " + bracket);
        assertTrue(ThreadClock.openFiles() >= 1);
    }

    @Test
    void aVirtualThreadMeasuresNothing() throws Exception {
        AtomicLong cpu = new AtomicLong();
        AtomicLong runDelay = new AtomicLong();
        Thread.ofVirtual().start(() -> {
            ThreadClock clock = ThreadClock.ofCurrentThread();
            clock.start();
            Thread.yield();
            clock.stop();
            cpu.set(clock.cpuNanos());
            runDelay.set(clock.runDelayNanos());
        }).join();
        assertEquals(-1, cpu.get());
        assertEquals(-1, runDelay.get());
    }

    @Test
    void aGoneThreadsFileIsCountedAsClosed() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "needs Linux /proc");
        int base = ThreadClock.openFiles();
        Thread t = new Thread(() -> {
            ThreadClock clock = ThreadClock.ofCurrentThread();
            clock.start();
            clock.stop();
        });
        t.start();
        t.join();
        t = null;
        for (int i = 0; i < 50 && ThreadClock.openFiles() > base; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertTrue(ThreadClock.openFiles() <= base, ThreadClock.openFiles() + " open, " + base + " before");
    }

    private static long parse(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return ThreadClock.parseRunDelay(b, b.length);
    }

    /** Spins until the thread CPU clock counts {@code nanos}: wall time depends on how busy the machine is. */
    static void spinCpu(long nanos) {
        var mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + nanos;
        long x = 0;
        while (mx.getCurrentThreadCpuTime() < end) {
            x += System.nanoTime() % 7;
        }
        if (x == 42) {
            System.out.print("");
        }
    }
}
