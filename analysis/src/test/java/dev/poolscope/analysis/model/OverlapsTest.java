package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/**
 * Where two causes meet, on exact synthetic events: waits and holds inside the requests of one worker against the
 * pauses, the holds' run delay from the request's own split, and a lock holder's run delay from its schedstat.
 */
class OverlapsTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final Events.ThreadRef WORKER = new Events.ThreadRef(42, 4242, "http-nio-8080-exec-1", false);
    static final Events.ThreadRef HOLDER = new Events.ThreadRef(43, 4343, "http-nio-8080-exec-2", false);
    static final Events.ThreadRef IDLE = new Events.ThreadRef(44, 4444, "pool-1-thread-1", false);

    private final RunModelBuilder b = new RunModelBuilder();

    private void request(long fromMs, long toMs, long cpuMs, long runDelayMs) {
        b.events()
                .request(new Events.Request(WORKER, T0 + fromMs * MS, T0 + toMs * MS, "r-" + fromMs, "GET",
                        "/x",
                        200, "tomcat", cpuMs < 0 ? -1 : cpuMs * MS, runDelayMs < 0 ? -1 : runDelayMs * MS));
    }

    private void wait(Events.ThreadRef t, long fromMs, long toMs, Events.WaitKind kind, long owner) {
        b.events().threadWait(
                new Events.ThreadWait(t, T0 + fromMs * MS, T0 + toMs * MS, kind, "java.lang.Object",
                        owner));
    }

    private void pause(long fromMs, long toMs, Events.PauseKind kind) {
        b.events().pause(new Events.Pause(T0 + fromMs * MS, T0 + toMs * MS, kind, "GC Pause"));
    }

    private void hold(long fromMs, long toMs) {
        b.events().connectionHold(new Events.ConnectionHold(WORKER, T0 + fromMs * MS, T0 + toMs * MS,
                "HikariPool-1", "c1", 10, 0, 5, 10));
    }

    private RunModel model() {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false,
                null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 1000 * MS);
        return b.build(meta, info, null, List.of());
    }

    private Overlaps overlaps() {
        return model().overlaps();
    }

    @Test
    void lockWaitsDuringPausesCountOnceWhereSafepointAndGcPhaseNest() {
        request(0, 100, 10, 0);
        wait(WORKER, 10, 60, Events.WaitKind.MONITOR_ENTER, -1);
        pause(20, 40, Events.PauseKind.SAFEPOINT);
        pause(25, 35, Events.PauseKind.GC); // inside the safepoint
        pause(38, 50, Events.PauseKind.GC); // overlaps its end
        pause(200, 300, Events.PauseKind.GC); // outside every request
        // A thread that served no request parks for the whole second: not a request's lock wait.
        wait(IDLE, 0, 1000, Events.WaitKind.PARK_OTHER, -1);
        RunModel run = model();
        Overlaps o = run.overlaps();
        assertThat(o.lockWaitNanos()).isEqualTo(50 * MS);
        assertThat(o.lockWaitPausedNanos()).isEqualTo(30 * MS);
        // The lock site keeps what the time split gives the lock: the wait less the pauses in it.
        assertThat(run.locks()).containsExactly(new RunModel.LockSite("java.lang.Object", 20 * MS));
        assertThat(o.lockWaitPausedShare()).isEqualTo(0.6);
        assertThat(o.poolWaitPausedShare()).as("no pool waits: nothing to measure").isNull();
    }

    @Test
    void poolWaitsHoldsAndRedisWaitsDuringPauses() {
        request(0, 100, 10, 0);
        b.events().connectionWait(
                new Events.ConnectionWait(WORKER, T0, T0 + 40 * MS, "HikariPool-1", "c1", true,
                        10, 0, 5, 10));
        hold(40, 90);
        b.events().redisWait(new Events.RedisWait(WORKER, T0 + 60 * MS, T0 + 80 * MS, "GET", true));
        pause(30, 50, Events.PauseKind.GC);
        pause(70, 75, Events.PauseKind.GC);
        Overlaps o = overlaps();
        assertThat(o.poolWaitNanos()).isEqualTo(40 * MS);
        assertThat(o.poolWaitPausedNanos()).isEqualTo(10 * MS);
        assertThat(o.holdNanos()).isEqualTo(50 * MS);
        assertThat(o.holdPausedNanos()).isEqualTo(15 * MS);
        assertThat(o.redisWaitPausedShare()).isEqualTo(0.25);
    }

    @Test
    void aHoldsRunDelayIsTheRequestsOwnInsideIt() {
        // Held for the whole request; the database worked 20–60 ms; 20 ms CPU and 40 ms run delay fill the rest.
        request(0, 100, 20, 40);
        hold(0, 100);
        wait(WORKER, 20, 60, Events.WaitKind.DATABASE_IO, -1);
        Overlaps o = overlaps();
        assertThat(o.holdRunDelayNanos()).isEqualTo(40 * MS);
        assertThat(o.holdRunDelayShare()).isEqualTo(0.4);
    }

    @Test
    void runDelayInsideTheWaitsOfAHoldCountsForTheHold() {
        // 20 ms uncovered: 10 of CPU, 10 of run delay; the other 40 ms of run delay were inside the database wait.
        request(0, 100, 10, 50);
        hold(0, 100);
        wait(WORKER, 0, 80, Events.WaitKind.DATABASE_IO, -1);
        Overlaps o = overlaps();
        assertThat(o.holdRunDelayNanos()).isEqualTo(50 * MS);
    }

    @Test
    void aLockWaitsHolderRunDelayComesFromTheHoldersSchedstat() {
        request(0, 100, 10, 0);
        // The holder waited for a CPU half of the second: half of the 40-ms wait it caused.
        b.events().schedStat(new Events.SchedStat(T0, 4343, 43, HOLDER.name(), 0, 0, 0, 0, 0));
        b.events().schedStat(
                new Events.SchedStat(T0 + 1000 * MS, 4343, 43, HOLDER.name(), 300 * MS, 500 * MS, 0, 0, 0));
        wait(WORKER, 10, 50, Events.WaitKind.MONITOR_ENTER, 43);
        // A holder without schedstat (not a request thread) is not counted in either figure.
        wait(WORKER, 60, 70, Events.WaitKind.MONITOR_ENTER, 99);
        Overlaps o = overlaps();
        assertThat(o.lockWaitNanos()).isEqualTo(50 * MS);
        assertThat(o.lockWaitWithOwnerNanos()).isEqualTo(40 * MS);
        assertThat(o.ownerRunDelayNanos()).isEqualTo(20 * MS);
        assertThat(o.ownerRunDelayShare()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void pauseCoverCountsEachStoppedNanosecondOnce() {
        ThreadSpans pauses = new ThreadSpans();
        pauses.add(100, 200, SpanKind.LOCK, 0);
        pauses.add(150, 180, SpanKind.LOCK, 0);
        pauses.add(200, 250, SpanKind.LOCK, 0); // adjacent: merged
        pauses.add(400, 450, SpanKind.LOCK, 0);
        pauses.seal();
        PauseCover c = new PauseCover(pauses);
        assertThat(c.covered(0, 1000)).isEqualTo(200);
        assertThat(c.covered(160, 420)).isEqualTo(110);
        assertThat(c.covered(260, 390)).isZero();
        assertThat(c.covered(420, 410)).isZero();
        assertThat(c.covered(0, 100)).isZero();
    }
}
