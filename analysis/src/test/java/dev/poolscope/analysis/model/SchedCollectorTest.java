package dev.poolscope.analysis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;

class SchedCollectorTest {

    @Test
    void aSampleWithAnUnreadCounterIsLeftOut() {
        SchedCollector c = new SchedCollector();
        c.schedStat(new Events.SchedStat(1_000_000_000L, 7, 70, "w-1", 100_000_000L, 10_000_000L, 5, 20, 3));
        // A thread that ended between the agent's two reads: earlier agents wrote -1 for the counters in status.
        c.schedStat(new Events.SchedStat(1_500_000_000L, 7, 70, "w-1", 150_000_000L, 12_000_000L, 6, -1, -1));
        c.schedStat(new Events.SchedStat(2_000_000_000L, 7, 70, "w-1", 200_000_000L, 14_000_000L, 7, 40, 5));
        SchedSeries s = c.sched.get(70L);
        s.seal();
        assertEquals(20, s.voluntaryBetween(1_000_000_000L, 2_000_000_000L));
        assertEquals(1, s.voluntaryBetween(1_000_000_000L, 1_050_000_000L),
                "interpolated between the two whole samples, not through -1");
        assertEquals(100_000_000L, s.cpuBetween(1_000_000_000L, 2_000_000_000L));
    }
}
