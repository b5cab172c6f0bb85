package dev.poolscope.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;

/** Requests that hop threads, split into their parts with exact figures. */
class ReactiveSplitTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final Events.ThreadRef LOOP = new Events.ThreadRef(11, 1111, "reactor-http-epoll-1", false);
    static final Events.ThreadRef TCP = new Events.ThreadRef(12, 1212, "reactor-tcp-epoll-1", false);
    static final Events.ThreadRef LETTUCE = new Events.ThreadRef(13, 1313, "lettuce-epollEventLoop-4-1",
            false);

    final RunModelBuilder b = new RunModelBuilder();

    void request(String id, long fromMs, long toMs) {
        b.request(
                new Events.Request(LOOP, T0 + fromMs * MS, T0 + toMs * MS, id, "GET", "/api/products/1", 200,
                        "netty"));
    }

    RunModel model() {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "netty", 4, false,
                List.of(new RunMetadata.Pool("r2dbc", 10, 10_000L)), false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 1000 * MS);
        return b.build(meta, info, null, List.of());
    }

    static RequestTimeline byId(RunModel m, String id) {
        return m.requests().stream().filter(r -> r.requestId().equals(id)).findFirst().orElseThrow();
    }

    static long ms(RequestTimeline r, Cause c) {
        return r.breakdown().nanos(c) / MS;
    }

    @Test
    void aHoppingRequestIsSplitIntoLoopQueueCpuAcquireDatabaseRedisAndUnexplained() {
        request("a", 0, 100);
        request("b", 65, 95);
        // a: its own loop task, then an R2DBC acquire and query on the driver's thread, then Redis on Lettuce's loop.
        b.loopStall(new Events.LoopStall(LOOP, T0, T0 + 10 * MS, "a", "ProductController.get", false));
        b.r2dbcAcquire(
                new Events.R2dbcAcquire(TCP, T0 + 10 * MS, T0 + 30 * MS, "r2dbc", "a", true, 10, 3, 10));
        b.r2dbcHold(new Events.R2dbcHold(TCP, T0 + 30 * MS, T0 + 60 * MS, "r2dbc", "a"));
        b.reactiveRedis(new Events.ReactiveRedis(LETTUCE, T0 + 60 * MS, T0 + 70 * MS, "GET", "a", true));
        // b's long task on the same loop: a, ready again at 70 ms, waits for it.
        b.loopStall(
                new Events.LoopStall(LOOP, T0 + 70 * MS, T0 + 90 * MS, "b", "WorkloadController.cpu", false));
        // A pause inside a's hold is the database's time; one in the unexplained tail is the pause's.
        b.pause(new Events.Pause(T0 + 35 * MS, T0 + 40 * MS, Events.PauseKind.GC, "young"));
        b.pause(new Events.Pause(T0 + 92 * MS, T0 + 94 * MS, Events.PauseKind.GC, "young"));

        RunModel m = model();
        RequestTimeline a = byId(m, "a");
        assertThat(ms(a, Cause.CPU)).isEqualTo(10);
        assertThat(ms(a, Cause.CONNECTION_WAIT)).isEqualTo(20);
        assertThat(ms(a, Cause.DATABASE)).isEqualTo(30);
        assertThat(ms(a, Cause.REDIS_WAIT)).isEqualTo(10);
        assertThat(ms(a, Cause.EVENT_LOOP_QUEUE)).isEqualTo(20);
        assertThat(ms(a, Cause.GC_PAUSE)).isEqualTo(2);
        assertThat(ms(a, Cause.UNEXPLAINED)).isEqualTo(8);
        assertThat(a.breakdown().totalNanos()).isEqualTo(100 * MS);
        assertThat(a.poolWaitNanos()).isEqualTo(20 * MS);
        assertThat(a.holdNanos()).isEqualTo(30 * MS);
        assertThat(a.redisWaitNanos()).isEqualTo(10 * MS);

        RequestTimeline r = byId(m, "b");
        assertThat(ms(r, Cause.CPU)).isEqualTo(20);
        assertThat(ms(r, Cause.GC_PAUSE)).isEqualTo(2);
        assertThat(ms(r, Cause.UNEXPLAINED)).isEqualTo(8);
        assertThat(ms(r, Cause.EVENT_LOOP_QUEUE)).isZero();

        EventLoops loops = m.loops();
        assertThat(loops.reactive()).isTrue();
        assertThat(loops.loops()).isEqualTo(1);
        assertThat(loops.stalls()).isEqualTo(2);
        assertThat(loops.blockedStalls()).isZero();
        assertThat(loops.queueBehindCpuNanos()).isEqualTo(20 * MS);
        assertThat(loops.queueBehindBlockedNanos()).isZero();
        assertThat(loops.cpuFrames()).extracting(EventLoops.Frame::frame).containsExactly(
                "WorkloadController.cpu",
                "ProductController.get");

        // The step profile of a: acquire, SQL, Redis, each gap split the same way.
        StepProfile p = m.slowest().stream().filter(s -> s.request().requestId().equals("a")).findFirst()
                .orElseThrow();
        assertThat(p.steps()).extracting(StepProfile.Step::name).containsExactly("request start",
                "R2DBC acquire",
                "SQL / connection held", "Redis", "request end");
        assertThat(p.steps().get(1).gap().nanos(Cause.CPU)).isEqualTo(10 * MS);
        assertThat(p.steps().get(4).gap().nanos(Cause.EVENT_LOOP_QUEUE)).isEqualTo(20 * MS);
        assertThat(p.steps().get(4).gap().nanos(Cause.REDIS_WAIT)).isEqualTo(10 * MS);
    }

    @Test
    void aBlockingCallOnTheLoopIsItsRequestsWaitAndTheOthersQueue() {
        request("c", 0, 50);
        request("d", 5, 45);
        // c's loop task calls blocking JDBC: a park in Hikari's pool, then a connection held, both on the loop.
        b.loopStall(new Events.LoopStall(LOOP, T0, T0 + 40 * MS, "c", "BlockingCalls.product", false));
        b.threadWait(new Events.ThreadWait(LOOP, T0, T0 + 15 * MS, Events.WaitKind.PARK_POOL, "HikariPool"));
        b.connectionHold(
                new Events.ConnectionHold(LOOP, T0 + 15 * MS, T0 + 35 * MS, "HikariPool-1", "c1", 1, 0,
                        0, 1));

        RunModel m = model();
        RequestTimeline c = byId(m, "c");
        assertThat(ms(c, Cause.CONNECTION_WAIT)).isEqualTo(15);
        assertThat(ms(c, Cause.DATABASE)).isEqualTo(20);
        assertThat(ms(c, Cause.UNEXPLAINED)).isEqualTo(15);
        assertThat(ms(c, Cause.CPU)).isZero();
        RequestTimeline d = byId(m, "d");
        assertThat(ms(d, Cause.EVENT_LOOP_QUEUE)).isEqualTo(35);
        assertThat(ms(d, Cause.UNEXPLAINED)).isEqualTo(5);

        EventLoops loops = m.loops();
        // 35 of its 40 ms were covered by waits on the loop: a blocked task, whatever the stall's own flag said.
        assertThat(loops.blockedStalls()).isEqualTo(1);
        assertThat(loops.blockedNanos()).isEqualTo(40 * MS);
        assertThat(loops.queueBehindBlockedNanos()).isEqualTo(35 * MS);
        assertThat(loops.topBlockingFrame())
                .isEqualTo(new EventLoops.Frame("BlockingCalls.product", 1, 40 * MS));
    }

    @Test
    void servletRequestsAreNotReactive() {
        b.request(new Events.Request(new Events.ThreadRef(42, 4242, "http-nio-8080-exec-1", false), T0,
                T0 + 10 * MS, "s", "GET", "/api/ping", 200, "tomcat"));
        assertThat(model().reactive()).isFalse();
    }
}
