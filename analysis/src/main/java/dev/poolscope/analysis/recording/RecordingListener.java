package dev.poolscope.analysis.recording;

import dev.poolscope.analysis.recording.Events.AgentStatus;
import dev.poolscope.analysis.recording.Events.ConnectionHold;
import dev.poolscope.analysis.recording.Events.ConnectionWait;
import dev.poolscope.analysis.recording.Events.ContextSwitchRate;
import dev.poolscope.analysis.recording.Events.CpuLoad;
import dev.poolscope.analysis.recording.Events.CpuSample;
import dev.poolscope.analysis.recording.Events.GarbageCollection;
import dev.poolscope.analysis.recording.Events.HeapSummary;
import dev.poolscope.analysis.recording.Events.HikariPoolGauge;
import dev.poolscope.analysis.recording.Events.Pause;
import dev.poolscope.analysis.recording.Events.RedisRoundTrip;
import dev.poolscope.analysis.recording.Events.RedisWait;
import dev.poolscope.analysis.recording.Events.Request;
import dev.poolscope.analysis.recording.Events.SchedStat;
import dev.poolscope.analysis.recording.Events.ThreadCount;
import dev.poolscope.analysis.recording.Events.ThreadWait;
import dev.poolscope.analysis.recording.Events.VirtualThreadPinned;
import dev.poolscope.analysis.recording.Events.WorkerPoolGauge;

/**
 * Receives events during one pass over a chunk (or a whole recording). Every method is a no-op by default so a consumer implements only what
 * it keeps; events arrive in file order, which is not time order across threads.
 */
public interface RecordingListener {
    /** One poolscope.Request event of a request-only pass: thread, start, end and request id only. */
    default void requestPass(Request e) {
    }

    default void request(Request e) {
    }

    default void connectionWait(ConnectionWait e) {
    }

    default void connectionHold(ConnectionHold e) {
    }

    default void redisWait(RedisWait e) {
    }

    default void redisRoundTrip(RedisRoundTrip e) {
    }

    default void httpCall(Events.HttpCall e) {
    }

    default void workerPool(WorkerPoolGauge e) {
    }

    default void hikariPool(HikariPoolGauge e) {
    }

    default void schedStat(SchedStat e) {
    }

    default void threadWait(ThreadWait e) {
    }

    default void cpuSample(CpuSample e) {
    }

    default void pause(Pause e) {
    }

    default void garbageCollection(GarbageCollection e) {
    }

    default void cpuLoad(CpuLoad e) {
    }

    default void contextSwitchRate(ContextSwitchRate e) {
    }

    default void threadCount(ThreadCount e) {
    }

    default void heapSummary(HeapSummary e) {
    }

    default void jvmStart(Events.JvmStart e) {
    }

    default void footprint(Events.Footprint e) {
    }

    default void virtualThreadPinned(VirtualThreadPinned e) {
    }

    default void heapConfiguration(Events.HeapConfiguration e) {
    }

    default void gcConfiguration(Events.GcConfiguration e) {
    }

    default void allocationSample(Events.AllocationSample e) {
    }

    default void agentStatus(AgentStatus e) {
    }

    default void r2dbcAcquire(Events.R2dbcAcquire e) {
    }

    default void r2dbcHold(Events.R2dbcHold e) {
    }

    default void r2dbcPool(Events.R2dbcPoolGauge e) {
    }

    default void loopStall(Events.LoopStall e) {
    }

    default void statement(Events.Statement e) {
    }

    /** A JDK execution sample, park or monitor enter, with its stack (for the flame graphs of the JDK recording). */
    default void stackSample(Events.StackSample e) {
    }
}
