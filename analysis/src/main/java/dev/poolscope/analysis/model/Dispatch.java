package dev.poolscope.analysis.model;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingListener;

/**
 * Which topics read which event, and by which of its instants each decides whether it counts: each event goes to the
 * collectors that keep something of it. With one set of collectors ({@link One}) every instant leads to it; a read
 * split in time ({@link Segments}) sends each to the segment of that instant, so a segment holds exactly what a read
 * of a window starting (or ending) at its edge would have counted.
 */
abstract class Dispatch implements RecordingListener {
    /**
     * The collectors for what counts by one instant inside the window ({@link Scope#in}): an event's start, or when a
     * sample was taken. Also what is kept whatever the window, which the steady part takes from every segment
     * ({@link RunCollectors#joinOutside}).
     */
    abstract RunCollectors at(long nanos);

    /** The collectors for an interval kept when it ends after the window's start ({@link Scope#keep}). */
    abstract RunCollectors kept(long endNanos);

    /** Every event to one set of collectors: a chunk's, or the run's when fed by hand. */
    static final class One extends Dispatch {
        final RunCollectors collectors;

        One(RunCollectors collectors) {
            this.collectors = collectors;
        }

        @Override
        RunCollectors at(long nanos) {
            return collectors;
        }

        @Override
        RunCollectors kept(long endNanos) {
            return collectors;
        }
    }

    @Override
    public void request(Events.Request e) {
        RunCollectors c = at(e.startNanos());
        c.startup.request(e);
        c.requests.request(e);
    }

    @Override
    public void connectionWait(Events.ConnectionWait e) {
        kept(e.endNanos()).spans.connectionWait(e);
        at(e.startNanos()).pools.connectionWait(e);
    }

    @Override
    public void connectionHold(Events.ConnectionHold e) {
        kept(e.endNanos()).spans.connectionHold(e);
        at(e.startNanos()).pools.connectionHold(e);
    }

    @Override
    public void redisWait(Events.RedisWait e) {
        kept(e.endNanos()).spans.redisWait(e);
        at(e.startNanos()).redis.redisWait(e);
    }

    @Override
    public void redisRoundTrip(Events.RedisRoundTrip e) {
        at(e.startNanos()).redis.redisRoundTrip(e);
        kept(e.endNanos()).reactive.redisRoundTrip(e);
    }

    @Override
    public void httpCall(Events.HttpCall e) {
        kept(e.endNanos()).spans.httpCall(e);
        at(e.startNanos()).http.httpCall(e);
        kept(e.endNanos()).reactive.httpCall(e);
    }

    @Override
    public void workerPool(Events.WorkerPoolGauge e) {
        at(e.timeNanos()).pools.workerPool(e);
    }

    @Override
    public void hikariPool(Events.HikariPoolGauge e) {
        at(e.timeNanos()).pools.hikariPool(e);
    }

    @Override
    public void schedStat(Events.SchedStat e) {
        at(e.timeNanos()).sched.schedStat(e);
    }

    @Override
    public void threadWait(Events.ThreadWait e) {
        kept(e.endNanos()).spans.threadWait(e);
    }

    @Override
    public void cpuSample(Events.CpuSample e) {
        at(e.timeNanos()).cpu.cpuSample(e);
    }

    @Override
    public void pause(Events.Pause e) {
        kept(e.endNanos()).spans.pause(e);
        at(e.startNanos()).process.pause(e);
    }

    @Override
    public void garbageCollection(Events.GarbageCollection e) {
        RunCollectors c = at(e.timeNanos());
        c.process.garbageCollection(e);
        c.memory.garbageCollection(e);
    }

    @Override
    public void cpuLoad(Events.CpuLoad e) {
        at(e.timeNanos()).process.cpuLoad(e);
    }

    @Override
    public void contextSwitchRate(Events.ContextSwitchRate e) {
        at(e.timeNanos()).process.contextSwitchRate(e);
    }

    @Override
    public void threadCount(Events.ThreadCount e) {
        RunCollectors c = at(e.timeNanos());
        c.startup.threadCount(e);
        c.process.threadCount(e);
    }

    @Override
    public void heapSummary(Events.HeapSummary e) {
        RunCollectors c = at(e.timeNanos());
        c.process.heapSummary(e);
        c.memory.heapSummary(e);
    }

    @Override
    public void heapConfiguration(Events.HeapConfiguration e) {
        at(e.timeNanos()).memory.heapConfiguration(e);
    }

    @Override
    public void gcConfiguration(Events.GcConfiguration e) {
        at(e.timeNanos()).memory.gcConfiguration(e);
    }

    @Override
    public void allocationSample(Events.AllocationSample e) {
        at(e.timeNanos()).memory.allocationSample(e);
    }

    @Override
    public void jvmStart(Events.JvmStart e) {
        at(e.timeNanos()).startup.jvmStart(e);
    }

    @Override
    public void footprint(Events.Footprint e) {
        at(e.timeNanos()).startup.footprint(e);
    }

    @Override
    public void virtualThreadPinned(Events.VirtualThreadPinned e) {
        at(e.startNanos()).process.virtualThreadPinned(e);
    }

    @Override
    public void agentStatus(Events.AgentStatus e) {
        at(e.timeNanos()).process.agentStatus(e);
    }

    @Override
    public void r2dbcAcquire(Events.R2dbcAcquire e) {
        at(e.startNanos()).pools.r2dbcAcquire(e);
        kept(e.endNanos()).reactive.r2dbcAcquire(e);
    }

    @Override
    public void r2dbcHold(Events.R2dbcHold e) {
        at(e.startNanos()).pools.r2dbcHold(e);
        kept(e.endNanos()).reactive.r2dbcHold(e);
    }

    @Override
    public void r2dbcPool(Events.R2dbcPoolGauge e) {
        at(e.timeNanos()).pools.r2dbcPool(e);
    }

    @Override
    public void stackSample(Events.StackSample e) {
        at(e.timeNanos()).stacks.stackSample(e);
    }

    @Override
    public void loopStall(Events.LoopStall e) {
        kept(e.endNanos()).reactive.loopStall(e);
    }

    @Override
    public void statement(Events.Statement e) {
        at(e.startNanos()).statements.statement(e);
        kept(e.endNanos()).spans.statement(e);
        kept(e.endNanos()).reactive.statement(e);
    }
}
