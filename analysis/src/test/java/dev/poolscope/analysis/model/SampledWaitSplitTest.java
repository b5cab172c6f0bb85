package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Time no event covers and that CPU, run delay and pauses leave, named from async-profiler's wall samples of the
 * sleeping thread inside it, on exact synthetic events: one 100 ms request on one worker (as in
 * {@link MeasuredSplitTest}), whose schedstat samples would apportion it 80 ms of CPU and 10 ms of run delay.
 */
class SampledWaitSplitTest {
    static final long T0 = MeasuredSplitTest.T0;
    static final long MS = MeasuredSplitTest.MS;
    static final Events.ThreadRef WORKER = MeasuredSplitTest.WORKER;

    private final RunModelBuilder b = new RunModelBuilder();

    SampledWaitSplitTest() {
        b.events().schedStat(new Events.SchedStat(T0, 4242, 42, WORKER.name(), 0, 0, 0, 0, 0));
        b.events().schedStat(
                new Events.SchedStat(T0 + 1000 * MS, 4242, 42, WORKER.name(), 800 * MS, 100 * MS, 0, 0, 0));
    }

    private void request(long cpuMs, long runDelayMs) {
        b.events()
                .request(new Events.Request(WORKER, T0 + 100 * MS, T0 + 200 * MS, "r-1", "GET", "/x", 200,
                        "tomcat",
                        cpuMs < 0 ? -1 : cpuMs * MS, runDelayMs < 0 ? -1 : runDelayMs * MS));
    }

    private void sleepEvent(long fromMs, long toMs) {
        b.events().threadWait(new Events.ThreadWait(WORKER, T0 + (100 + fromMs) * MS, T0 + (100 + toMs) * MS,
                Events.WaitKind.SLEEP, ""));
    }

    /** A wall sample {@code atMs} into the request; kind null: a stack that names no wait. */
    private void sample(long atMs, long weight, Events.WaitKind kind) {
        sample(WORKER.javaThreadId(), atMs, weight, kind);
    }

    private void sample(long thread, long atMs, long weight, Events.WaitKind kind) {
        b.wallSample(new Events.WallSample(thread, 4242, T0 + (100 + atMs) * MS, weight, kind));
    }

    private Breakdown split() {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 1000 * MS);
        RunModel run = b.build(meta, info, null, List.of());
        Breakdown r = run.requests().getFirst().breakdown();
        assertThat(r.totalNanos()).as("the parts add up to the span").isEqualTo(100 * MS);
        assertThat(run.serverTotal().totalSampledNanos()).isEqualTo(r.totalSampledNanos());
        return r;
    }

    @Test
    void theUnexplainedRemainderIsSplitByTheSleepingSamplesInsideTheUncoveredTime() {
        request(30, 20);
        sleepEvent(10, 50); // 40 ms sleep event; 60 ms uncovered: 30 CPU + 20 run delay + 10 ms left
        sample(20, 1, Events.WaitKind.PARK_OTHER); // inside the sleep event: already explained, not counted
        sample(60, 1, Events.WaitKind.MONITOR_ENTER);
        sample(70, 1, Events.WaitKind.MONITOR_ENTER);
        sample(80, 1, Events.WaitKind.MONITOR_WAIT);
        sample(90, 1, null); // sleeping in a stack that names nothing: its share stays unexplained
        sample(95, 1, Events.WaitKind.DATABASE_IO);
        sample(150, 5, Events.WaitKind.SLEEP); // after the request
        sample(7, 60, 5, Events.WaitKind.SLEEP); // another thread
        Breakdown r = split();
        assertThat(r.nanos(Cause.SLEEP)).isEqualTo(40 * MS);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(20 * MS);
        // 10 ms over 5 samples: 3 lock (monitor enters and waits), 1 database, 1 unnamed.
        assertThat(r.nanos(Cause.LOCK_WAIT)).isEqualTo(6 * MS);
        assertThat(r.sampledNanos(Cause.LOCK_WAIT)).isEqualTo(6 * MS);
        assertThat(r.nanos(Cause.DATABASE)).isEqualTo(2 * MS);
        assertThat(r.sampledNanos(Cause.DATABASE)).isEqualTo(2 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(2 * MS);
        assertThat(r.sampledNanos(Cause.SLEEP)).as("the sleep event is measured, not sampled").isZero();
        assertThat(r.totalSampledNanos()).isEqualTo(8 * MS);
    }

    @Test
    void samplesAreWeightedByHowManyTheProfilerFoldedIntoThem() {
        request(30, 20);
        sleepEvent(10, 50);
        sample(60, 3, Events.WaitKind.SLEEP);
        sample(70, 1, null);
        Breakdown r = split();
        assertThat(r.nanos(Cause.SLEEP)).isEqualTo(40 * MS + 7_500_000);
        assertThat(r.sampledNanos(Cause.SLEEP)).isEqualTo(7_500_000);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(2_500_000);
    }

    @Test
    void withoutASampleTheRemainderStaysUnexplained() {
        request(30, 20);
        sleepEvent(10, 50);
        sample(20, 4, Events.WaitKind.MONITOR_ENTER); // only inside the event
        Breakdown r = split();
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.LOCK_WAIT)).isZero();
        assertThat(r.totalSampledNanos()).isZero();
    }

    @Test
    void nothingIsNamedWhenCpuAndRunDelayFillTheUncoveredTime() {
        request(50, 50);
        sample(60, 1, Events.WaitKind.MONITOR_ENTER);
        Breakdown r = split();
        assertThat(r.nanos(Cause.CPU)).isEqualTo(50 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(50 * MS);
        assertThat(r.nanos(Cause.LOCK_WAIT)).isZero();
        assertThat(r.nanos(Cause.UNEXPLAINED)).isZero();
    }

    @Test
    void parksAndSocketsAreNamedAsTheirEventsWouldBe() {
        request(30, -1); // run delay from schedstat: 10 ms; 60 ms left
        sample(40, 1, Events.WaitKind.PARK_POOL);
        sample(50, 1, Events.WaitKind.PARK_REDIS);
        sample(60, 1, Events.WaitKind.SOCKET_WRITE);
        Breakdown r = split();
        assertThat(r.nanos(Cause.CPU)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.CONNECTION_WAIT)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.REDIS_WAIT)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.SOCKET_IO)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isZero();
    }

    @Test
    void withoutMeasuredFieldsTheApportionedRemainderIsNamedTheSameWay() {
        request(-1, -1); // schedstat: 80 ms CPU, 10 ms run delay; 10 ms left
        sample(10, 1, Events.WaitKind.SLEEP);
        sample(20, 1, Events.WaitKind.MONITOR_ENTER);
        Breakdown r = split();
        assertThat(r.nanos(Cause.CPU)).isEqualTo(80 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.SLEEP)).isEqualTo(5 * MS);
        assertThat(r.nanos(Cause.LOCK_WAIT)).isEqualTo(5 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isZero();
    }
}
