package dev.poolscope.analysis.recording;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jdk.jfr.Recording;

import dev.poolscope.format.event.JdkTypes;

/**
 * The heap's configuration, the collectors and the allocation samples, read from a recording of this JVM: the JDK's
 * own events, as the agent enables them.
 */
class HeapEventsTest {
    /** Kept reachable until the recording stops, so the allocation is not optimized away. */
    private static final List<byte[]> KEPT = new ArrayList<>();

    @Test
    void theJdksHeapEventsAreRead(@TempDir Path dir) throws Exception {
        Path agent = Files.createDirectories(dir.resolve("agent"));
        try (Recording rec = new Recording()) {
            rec.enable(JdkTypes.GC_HEAP_CONFIGURATION).with("period", "beginChunk");
            rec.enable(JdkTypes.GC_CONFIGURATION).with("period", "beginChunk");
            rec.enable(JdkTypes.OBJECT_ALLOCATION_SAMPLE).with("throttle", "1000/s").withStackTrace();
            rec.enable(JdkTypes.GARBAGE_COLLECTION);
            rec.enable(JdkTypes.GC_HEAP_SUMMARY);
            rec.start();
            // On a thread of its own: a sample weighs what its thread allocated since the thread's previous sample,
            // and a test thread that ran other tests before carries all of that into its first one.
            Thread allocating = new Thread(HeapEventsTest::allocate, "heap-events-test");
            allocating.start();
            allocating.join();
            System.gc();
            rec.stop();
            rec.dump(agent.resolve("recording.jfr"));
        }
        KEPT.clear();
        List<Events.HeapConfiguration> heaps = new ArrayList<>();
        List<Events.GcConfiguration> collectors = new ArrayList<>();
        List<Events.AllocationSample> samples = new ArrayList<>();
        List<Events.GarbageCollection> gcs = new ArrayList<>();
        new RecordingReader().read(agent, new RecordingListener() {
            @Override
            public void heapConfiguration(Events.HeapConfiguration e) {
                heaps.add(e);
            }

            @Override
            public void gcConfiguration(Events.GcConfiguration e) {
                collectors.add(e);
            }

            @Override
            public void allocationSample(Events.AllocationSample e) {
                samples.add(e);
            }

            @Override
            public void garbageCollection(Events.GarbageCollection e) {
                gcs.add(e);
            }
        });
        long xmx = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
        assertThat(heaps).isNotEmpty()
                .allSatisfy(h -> assertThat(h.maxHeapBytes()).isGreaterThanOrEqualTo(xmx));
        // The collector names the JDK gives its collections are the ones its configuration names.
        assertThat(collectors).isNotEmpty();
        Events.GcConfiguration c = collectors.getFirst();
        assertThat(gcs).isNotEmpty().allSatisfy(
                g -> assertThat(g.name()).isIn(c.youngCollector(), c.oldCollector(), "G1Full", "SerialOld"));
        // 64 MB allocated here in 1 MB arrays: the samples at this site weigh about that much.
        long here = samples.stream()
                .filter(s -> s.site().equals(HeapEventsTest.class.getName() + ".allocate"))
                .peek(s -> assertThat(s.objectClass()).isEqualTo("byte[]"))
                .mapToLong(Events.AllocationSample::weightBytes).sum();
        assertThat(here).isBetween(32L << 20, 96L << 20);
    }

    private static void allocate() {
        for (int i = 0; i < 64; i++) {
            KEPT.add(new byte[1 << 20]);
            if (KEPT.size() > 8) {
                KEPT.removeFirst();
            }
        }
    }
}
