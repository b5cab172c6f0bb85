package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;

/** The heap's figures are the same read in one pass or chunk by chunk and joined, and stay inside their caps. */
class MemoryCollectorTest {
    private static final long T0 = 1_763_700_000_000_000_000L;
    private static final long MS = 1_000_000L;
    private static final long MB = 1024 * 1024;

    @Test
    void chunksJoinedGiveTheSinglePassFigures() {
        List<Consumer<MemoryCollector>> events = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long t = T0 + i * 10 * MS;
            String name = i % 10 == 9 ? "G1Full" : "G1New";
            long after = (30 + i % 7) * MB;
            String site = i % 3 == 0 ? "a.B.c" : "d.E.f";
            events.add(c -> c.heapConfiguration(new Events.HeapConfiguration(t, 64 * MB)));
            events.add(c -> c.gcConfiguration(new Events.GcConfiguration(t, "G1New", "G1Old")));
            events.add(c -> c.garbageCollection(new Events.GarbageCollection(t, name, 3 * MS, 2 * MS)));
            events.add(c -> c.heapSummary(new Events.HeapSummary(t + MS, after, true)));
            events.add(c -> c.heapSummary(new Events.HeapSummary(t + MS, 2 * after, false)));
            events.add(c -> c.allocationSample(new Events.AllocationSample(t, site, "byte[]", MB)));
        }
        Scope scope = new Scope(null, RequestSample.all(0));
        MemoryCollector one = new MemoryCollector(scope);
        events.forEach(e -> e.accept(one));
        // Four chunks, joined in file order.
        MemoryCollector joined = new MemoryCollector(scope);
        for (int chunk = 0; chunk < 4; chunk++) {
            MemoryCollector part = joined.fork(scope.fork());
            events.subList(chunk * events.size() / 4, (chunk + 1) * events.size() / 4)
                    .forEach(e -> e.accept(part));
            joined.join(part);
        }
        RunModel.Memory m = one.finish();
        assertThat(joined.finish()).isEqualTo(m);
        assertThat(m.maxHeapBytes()).isEqualTo(64 * MB);
        assertThat(m.collections()).containsExactly(new RunModel.Collections("G1Full", 4, 12 * MS, 2 * MS),
                new RunModel.Collections("G1New", 36, 108 * MS, 2 * MS));
        assertThat(m.afterGcCount()).isEqualTo(40);
        assertThat(m.afterGcMinBytes()).isEqualTo(30 * MB);
        assertThat(m.afterGcMaxBytes()).isEqualTo(36 * MB);
        assertThat(m.allocatedBytes()).isEqualTo(40 * MB);
        assertThat(m.topSites()).containsExactly(new RunModel.AllocationSite("d.E.f", "byte[]", 26 * MB, 26),
                new RunModel.AllocationSite("a.B.c", "byte[]", 14 * MB, 14));
    }

    @Test
    void sitesPastTheCapStillCountInTheTotal() {
        MemoryCollector c = new MemoryCollector(new Scope(null, RequestSample.all(0)));
        int n = MemoryCollector.MAX_SITES + 10;
        for (int i = 0; i < n; i++) {
            c.allocationSample(new Events.AllocationSample(T0 + i, "s.S.m" + i, "byte[]", 1));
        }
        assertThat(c.sites).hasSize(MemoryCollector.MAX_SITES);
        assertThat(c.finish().allocatedBytes()).isEqualTo(n);
        assertThat(c.finish().topSites()).hasSize(MemoryCollector.TOP_SITES);
    }
}
