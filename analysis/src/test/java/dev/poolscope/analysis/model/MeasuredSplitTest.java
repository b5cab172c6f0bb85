package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * The remainder split of a request that carries its own measured CPU and run delay, on exact synthetic events: one
 * 100 ms request on one worker, whose schedstat samples (1 s apart) would apportion it 80 ms of CPU and 10 ms of
 * run delay.
 */
class MeasuredSplitTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final Events.ThreadRef WORKER = new Events.ThreadRef(42, 4242, "http-nio-8080-exec-1", false);

    private final RunModelBuilder b = new RunModelBuilder();

    MeasuredSplitTest() {
        // 800 ms CPU and 100 ms run delay over the second: 80 and 10 ms in any 100 ms window.
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

    private void wait(long fromMs, long toMs, Events.WaitKind kind) {
        b.events().threadWait(
                new Events.ThreadWait(WORKER, T0 + (100 + fromMs) * MS, T0 + (100 + toMs) * MS, kind, ""));
    }

    private void pause(long fromMs, long toMs) {
        b.events()
                .pause(new Events.Pause(T0 + (100 + fromMs) * MS, T0 + (100 + toMs) * MS, Events.PauseKind.GC,
                        "GC Pause"));
    }

    private RunModel model() {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false,
                null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 1000 * MS);
        return b.build(meta, info, null, List.of());
    }

    private Breakdown split() {
        RunModel run = model();
        assertThat(run.requests()).hasSize(1);
        Breakdown r = run.requests().getFirst().breakdown();
        assertThat(r.totalNanos()).as("the parts add up to the span").isEqualTo(100 * MS);
        return r;
    }

    @Test
    void measuredCpuAndRunDelayReplaceTheApportionedOnes() {
        request(30, 20);
        wait(10, 50, Events.WaitKind.SLEEP);
        Breakdown r = split();
        assertThat(r.nanos(Cause.SLEEP)).isEqualTo(40 * MS);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(10 * MS);
    }

    @Test
    void aRunWithSomeRequestsOverTheClockBudgetSaysHowManyWereClocked() {
        request(30, 20);
        b.events()
                .request(new Events.Request(WORKER, T0 + 300 * MS, T0 + 400 * MS, "r-2", "GET", "/x", 200,
                        "tomcat",
                        -1,
                        -1));
        b.events()
                .request(new Events.Request(WORKER, T0 + 500 * MS, T0 + 600 * MS, "r-3", "GET", "/x", 200,
                        "tomcat",
                        -1,
                        -1));
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 1000 * MS);
        RunModel run = b.build(meta, info, null, List.of());
        assertThat(run.notes())
                .contains("the agent read the thread clock of 1 of 3 requests (its requestClock"
                        + " budget, or requests on virtual threads): the others' CPU and run delay come from ThreadSchedStat,"
                        + " sampled about every second");
        // The clocked one keeps its own CPU; the others are apportioned from the schedstat samples.
        assertThat(run.requests().get(0).breakdown().nanos(Cause.CPU)).isEqualTo(30 * MS);
        assertThat(run.requests().get(1).breakdown().nanos(Cause.CPU)).isEqualTo(80 * MS);
    }

    @Test
    void aRunWhoseRequestsAreAllClockedHasNoSuchNote() {
        request(30, 20);
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 1000 * MS);
        assertThat(b.build(meta, info, null, List.of()).notes()).noneMatch(n -> n.contains("thread clock"));
    }

    @Test
    void withoutThemTheSchedstatSamplesAreApportionedAsBefore() {
        request(-1, -1);
        wait(10, 50, Events.WaitKind.SLEEP);
        Breakdown r = split();
        assertThat(r.nanos(Cause.SLEEP)).isEqualTo(40 * MS);
        // 80 ms of interpolated CPU capped by the 60 ms no event covers; no room left for run delay.
        assertThat(r.nanos(Cause.CPU)).isEqualTo(60 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isZero();
        assertThat(r.nanos(Cause.UNEXPLAINED)).isZero();
    }

    @Test
    void runDelayBeyondTheUncoveredPartComesOutOfTheWaitItWasSpentIn() {
        request(50, 40);
        wait(0, 70, Events.WaitKind.MONITOR_ENTER);
        Breakdown r = split();
        // 30 ms no event covers hold 30 of the 50 ms of CPU; the 40 ms of run delay were inside the lock wait (a woken
        // thread waits for a CPU before its wait event ends), so they come out of it.
        assertThat(r.nanos(Cause.CPU)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(40 * MS);
        assertThat(r.nanos(Cause.LOCK_WAIT)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isZero();
    }

    @Test
    void runDelayInsideWaitsComesOutOfEachInProportionToItsLengthAtItsEnd() {
        request(0, 30);
        wait(0, 40, Events.WaitKind.MONITOR_ENTER);
        wait(40, 100, Events.WaitKind.SLEEP);
        RunModel run = model();
        Breakdown r = run.requests().getFirst().breakdown();
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.LOCK_WAIT)).isEqualTo(28 * MS);
        assertThat(r.nanos(Cause.SLEEP)).isEqualTo(42 * MS);
        // The lane shows each wait's run delay at its end, where the woken thread waited for a CPU.
        assertThat(run.timeline().lanes().getFirst().segments()).containsExactly(
                new StateTimeline.Segment(T0 + 100 * MS, T0 + 128 * MS, Cause.LOCK_WAIT),
                new StateTimeline.Segment(T0 + 128 * MS, T0 + 140 * MS, Cause.RUN_DELAY),
                new StateTimeline.Segment(T0 + 140 * MS, T0 + 182 * MS, Cause.SLEEP),
                new StateTimeline.Segment(T0 + 182 * MS, T0 + 200 * MS, Cause.RUN_DELAY));
    }

    @Test
    void aRemoteSocketWriteKeepsOnlyWhatTheRunDelayInsideItLeaves() {
        request(10, 60);
        wait(0, 80, Events.WaitKind.SOCKET_WRITE);
        Breakdown r = split();
        assertThat(r.nanos(Cause.CPU)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(60 * MS);
        assertThat(r.nanos(Cause.SOCKET_IO)).isEqualTo(30 * MS);
    }

    @Test
    void aSmallWriteToThisMachineIsNoWaitItsTimeIsTheRequestsCpuAndRunDelay() {
        request(10, 25);
        wait(50, 80, Events.WaitKind.LOCAL_WRITE);
        RunModel run = model();
        assertThat(run.notes())
                .contains("1 socket writes of at most 4096 bytes to this machine (30 ms) were not"
                        + " counted as waits: such a write fits the smallest send buffer and is copied at once, so its time"
                        + " was CPU and waiting for a CPU");
        Breakdown r = run.requests().getFirst().breakdown();
        assertThat(r.nanos(Cause.SOCKET_IO)).isZero();
        assertThat(r.nanos(Cause.CPU)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(25 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(65 * MS);
    }

    @Test
    void aPauseWinsOverTheWaitsItFallsInAndCountsOnlyWhereItOverlapsTheRequest() {
        request(20, 10);
        wait(0, 40, Events.WaitKind.MONITOR_ENTER);
        pause(30, 60); // 10 ms inside the lock wait, 20 ms in uncovered time
        pause(50, 55); // nested in the first: counted once
        pause(95, 130); // 5 ms inside the request
        pause(150, 160); // after it
        Breakdown r = split();
        assertThat(r.nanos(Cause.LOCK_WAIT)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.GC_PAUSE)).isEqualTo(35 * MS);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(5 * MS);
    }

    @Test
    void aPauseInsideAPoolWaitIsTheWorldStoppedNotPoolWait() {
        request(10, 0);
        b.events().connectionWait(
                new Events.ConnectionWait(WORKER, T0 + 100 * MS, T0 + 160 * MS, "HikariPool-1",
                        "c1", true, 10, 0, 5, 10));
        pause(20, 30);
        Breakdown r = split();
        assertThat(r.nanos(Cause.CONNECTION_WAIT)).isEqualTo(50 * MS);
        assertThat(r.nanos(Cause.GC_PAUSE)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(10 * MS);
    }

    @Test
    void aPauseComesBeforeTheMeasuredCpuAndRunDelay() {
        // A thread running Java code stops at a safepoint: the CPU it measured was spent outside the pause.
        request(40, 20);
        pause(0, 40);
        Breakdown r = split();
        assertThat(r.nanos(Cause.GC_PAUSE)).isEqualTo(40 * MS);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(40 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isZero();
    }

    @Test
    void withoutMeasurementsAPausePaintsEveryThreadItOverlapsAsBefore() {
        request(-1, -1);
        wait(0, 40, Events.WaitKind.MONITOR_ENTER);
        pause(30, 60);
        Breakdown r = split();
        assertThat(r.nanos(Cause.GC_PAUSE)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.LOCK_WAIT)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(40 * MS);
    }

    @Test
    void cpuMeasuredWithoutRunDelayTakesTheRunDelayFromSchedstat() {
        request(30, -1);
        Breakdown r = split();
        assertThat(r.nanos(Cause.CPU)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(60 * MS);
    }

    @Test
    void socketIoUnderAJdbcDriverIsDatabaseTimeAndOtherSocketIoIsNot() {
        request(10, 0);
        wait(0, 60, Events.WaitKind.DATABASE_IO);
        wait(60, 80, Events.WaitKind.SOCKET_READ);
        Breakdown r = split();
        assertThat(r.nanos(Cause.DATABASE)).isEqualTo(60 * MS);
        assertThat(r.nanos(Cause.SOCKET_IO)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(10 * MS);
    }
    private void statement(long fromMs, long toMs) {
        b.events().statement(new Events.Statement(WORKER, T0 + (100 + fromMs) * MS, T0 + (100 + toMs) * MS,
                "select 1", "query", 1, 0, true, "c-1", null));
    }

    /**
     * 40 ms of statements, none with a socket event (each read under the 10-ms threshold), and 60 ms outside: the
     * request's 20 ms of CPU and 30 ms of run delay spread evenly over the 100 uncovered ms leave half of each part,
     * so half the statements' time (20 ms) was spent off the CPU, not runnable, inside the driver: the database.
     */
    @Test
    void whatCpuAndRunDelayLeaveInsideAStatementIsTheDatabase() {
        request(20, 30);
        statement(10, 30);
        statement(50, 70);
        Breakdown r = split();
        assertThat(r.nanos(Cause.DATABASE)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(30 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(30 * MS);
    }

    @Test
    void aSocketReadInsideAStatementIsTheDatabaseAndOnlyTheRestIsShared() {
        request(10, 0);
        statement(0, 60);
        wait(20, 60, Events.WaitKind.DATABASE_IO);
        Breakdown r = split();
        // 40 ms read; of the 60 uncovered ms, 10 are CPU: 50/60 of the statement's uncovered 20 ms is the database.
        assertThat(r.nanos(Cause.DATABASE)).isEqualTo(40 * MS + 16_666_666);
        assertThat(r.nanos(Cause.CPU)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(33_333_334);
    }

    @Test
    void aStatementWhoseTimeTheCpuAndRunDelayFillHasNoDatabaseTime() {
        request(70, 30);
        statement(0, 100);
        Breakdown r = split();
        assertThat(r.nanos(Cause.DATABASE)).isZero();
        assertThat(r.nanos(Cause.CPU)).isEqualTo(70 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(30 * MS);
    }

    @Test
    void aSmallWriteToThisMachineInsideAStatementStaysCpuAndRunDelay() {
        request(0, 0);
        statement(0, 40);
        wait(10, 30, Events.WaitKind.LOCAL_WRITE);
        Breakdown r = split();
        assertThat(r.nanos(Cause.DATABASE)).isEqualTo(20 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(80 * MS);
    }

    @Test
    void withoutMeasurementsTheStatementsShareOfWhatSchedstatLeavesIsTheDatabase() {
        request(-1, -1);
        statement(0, 50);
        Breakdown r = split();
        // schedstat apportions 80 ms of CPU and 10 of run delay: 10 of 100 uncovered ms are left, 5 of them inside.
        assertThat(r.nanos(Cause.CPU)).isEqualTo(80 * MS);
        assertThat(r.nanos(Cause.RUN_DELAY)).isEqualTo(10 * MS);
        assertThat(r.nanos(Cause.DATABASE)).isEqualTo(5 * MS);
        assertThat(r.nanos(Cause.UNEXPLAINED)).isEqualTo(5 * MS);
    }

    /**
     * The step profile's T-GAPs tile the request, each the part of the request's own split that falls in it: they add
     * up to the request's breakdown, measured CPU and run delay included, and a step spent parked for a connection has
     * no CPU (the schedstat samples, 1 s apart, would give it its share of the second's 800 ms).
     */
    @Test
    void theStepsOfTheSlowestRequestAddUpToItsSplit() {
        request(20, 10);
        b.events().connectionWait(
                new Events.ConnectionWait(WORKER, T0 + 110 * MS, T0 + 150 * MS, "HikariPool-1",
                        "c-1", true, 2, 0, 1, 2));
        b.events().connectionHold(
                new Events.ConnectionHold(WORKER, T0 + 150 * MS, T0 + 190 * MS, "HikariPool-1",
                        "c-1", 2, 0, 0, 2));
        statement(55, 85);
        RunModel run = model();
        Breakdown whole = run.requests().getFirst().breakdown();
        StepProfile profile = run.slowest().getFirst();
        long[] sum = new long[Cause.ALL.length];
        for (StepProfile.Step s : profile.steps()) {
            for (Cause c : Cause.ALL) {
                sum[c.ordinal()] += s.gap().nanos(c);
            }
        }
        for (Cause c : Cause.ALL) {
            assertThat(sum[c.ordinal()]).as(c.name()).isCloseTo(whole.nanos(c),
                    org.assertj.core.data.Offset.offset(
                            (long) profile.steps().size()));
        }
        StepProfile.Step getConnection = profile.steps().stream()
                .filter(s -> s.name().equals("getConnection"))
                .findFirst().orElseThrow();
        assertThat(getConnection.cpuNanos()).isZero();
        assertThat(whole.nanos(Cause.CONNECTION_WAIT)).isEqualTo(40 * MS);
        assertThat(whole.nanos(Cause.CPU)).isEqualTo(20 * MS);
    }
}
