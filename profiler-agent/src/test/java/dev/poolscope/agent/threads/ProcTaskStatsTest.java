package dev.poolscope.agent.threads;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads the real /proc of this test's own thread (Linux only). */
class ProcTaskStatsTest {

    @Test
    void readsThisThreadsCountersAndTheyGrowWithWork() throws Exception {
        Path self = Path.of("/proc/thread-self");
        assumeTrue(Files.isSymbolicLink(self), "needs Linux /proc");
        long tid = ThreadTracker.tidOf(Files.readSymbolicLink(self).toString());
        assertTrue(tid > 0);
        ProcTaskStats stats = new ProcTaskStats();
        long[] before = new long[5];
        assertTrue(stats.read(tid, before));
        long x = 0;
        // Spin until the JVM itself counts 50 ms of CPU: wall time would depend on how busy the machine is.
        var mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + 50_000_000L;
        while (mx.getCurrentThreadCpuTime() < end) {
            x += System.nanoTime() % 7;
        }
        Thread.sleep(5);
        long[] after = new long[5];
        assertTrue(stats.read(tid, after));
        assertTrue(x >= 0);
        assertTrue(after[ProcTaskStats.CPU] - before[ProcTaskStats.CPU] >= 40_000_000L,
                "50 ms of spinning shows as CPU time");
        assertTrue(after[ProcTaskStats.RUN_DELAY] >= 0);
        assertTrue(after[ProcTaskStats.VOLUNTARY] > before[ProcTaskStats.VOLUNTARY],
                "sleep is a voluntary switch");
        assertTrue(after[ProcTaskStats.INVOLUNTARY] >= 0);
    }

    @Test
    void aVanishedTaskIsReportedAsGone() {
        assertFalse(new ProcTaskStats().read(Integer.MAX_VALUE, new long[5]));
    }

    @Test
    void aTaskThatEndsBetweenItsTwoFilesGivesNoSample(@TempDir Path dir) throws Exception {
        // What a task that ended after its schedstat was read looks like: the status file is gone.
        Files.createDirectories(dir.resolve("77"));
        Files.writeString(dir.resolve("77/schedstat"), "5000 200 3\n");
        ProcTaskStats stats = new ProcTaskStats(dir + "/");
        assertFalse(stats.read(77, new long[5]));

        Files.writeString(dir.resolve("77/status"), "Name:\tx\nvoluntary_ctxt_switches:\t4\n"
                + "nonvoluntary_ctxt_switches:\t9\n");
        long[] out = new long[5];
        assertTrue(stats.read(77, out));
        assertArrayEquals(new long[]{5000, 200, 3, 4, 9}, out);

        Files.writeString(dir.resolve("77/status"), "Name:\tx\nvoluntary_ctxt_switches:\t4\n");
        assertFalse(stats.read(77, new long[5]), "a counter missing from status");
    }

    @Test
    void tidComesFromTheThreadSelfLink() {
        assertEquals(4321, ThreadTracker.tidOf("1234/task/4321"));
        assertEquals(-1, ThreadTracker.tidOf("garbage"));
    }
}
