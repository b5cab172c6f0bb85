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
        b.events().request(
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

    static final String GET_STACK = "dev.poolscope.reactive.ProductController.get(ProductController.java:40)\n"
            + "reactor.core.publisher.MonoDefer.subscribe(MonoDefer.java:53)\n"
            + "io.netty.channel.nio.NioEventLoop.processSelectedKey(NioEventLoop.java:788)";
    static final String CPU_STACK = "java.lang.Math.sqrt(Math.java:388)\n"
            + "dev.poolscope.reactive.WorkloadController.lambda$cpu$0(WorkloadController.java:52)\n"
            + "reactor.core.publisher.MonoCallable.call(MonoCallable.java:72)";

    @Test
    void aHoppingRequestIsSplitIntoLoopQueueCpuAcquireDatabaseRedisAndUnexplained() {
        request("a", 0, 100);
        request("b", 70, 95);
        // a: decoded in a loop task (its handler inline), then an R2DBC acquire and query on the driver's thread,
        // then Redis through Lettuce's loop.
        b.events().loopStall(new Events.LoopStall(LOOP, T0, T0 + 10 * MS, "io", GET_STACK, 10 * MS));
        b.events().r2dbcAcquire(
                new Events.R2dbcAcquire(TCP, T0 + 10 * MS, T0 + 30 * MS, "r2dbc", "a", "c1", "acquired", 10,
                        0, 3, 10));
        b.events().r2dbcHold(new Events.R2dbcHold(TCP, T0 + 30 * MS, T0 + 60 * MS, "r2dbc", "a", "c1"));
        b.events().redisRoundTrip(
                new Events.RedisRoundTrip(LETTUCE, T0 + 60 * MS, T0 + 70 * MS, "GET", 11, true, "a"));
        // b is decoded at 70 ms in a 20-ms CPU task on the same loop: a, ready again at 70 ms, waits for it.
        b.events()
                .loopStall(new Events.LoopStall(LOOP, T0 + 70 * MS, T0 + 90 * MS, "io", CPU_STACK, 10 * MS));
        // A pause inside a's hold is the pause's (the world stood still, the driver's thread too), as is one in the
        // unexplained tail.
        b.events().pause(new Events.Pause(T0 + 35 * MS, T0 + 40 * MS, Events.PauseKind.GC, "young"));
        b.events().pause(new Events.Pause(T0 + 92 * MS, T0 + 94 * MS, Events.PauseKind.GC, "young"));

        RunModel m = model();
        RequestTimeline a = byId(m, "a");
        assertThat(ms(a, Cause.CPU)).isEqualTo(10);
        assertThat(ms(a, Cause.CONNECTION_WAIT)).isEqualTo(20);
        assertThat(ms(a, Cause.DATABASE)).isEqualTo(25);
        assertThat(ms(a, Cause.REDIS_WAIT)).isEqualTo(10);
        assertThat(ms(a, Cause.EVENT_LOOP_QUEUE)).isEqualTo(20);
        assertThat(ms(a, Cause.GC_PAUSE)).isEqualTo(7);
        assertThat(ms(a, Cause.UNEXPLAINED)).isEqualTo(8);
        assertThat(a.breakdown().totalNanos()).isEqualTo(100 * MS);
        assertThat(a.poolWaitNanos()).isEqualTo(20 * MS);
        assertThat(a.holdNanos()).isEqualTo(30 * MS);
        assertThat(a.redisWaitNanos()).isEqualTo(10 * MS);

        RequestTimeline r = byId(m, "b");
        assertThat(ms(r, Cause.CPU)).isEqualTo(20);
        assertThat(ms(r, Cause.GC_PAUSE)).isEqualTo(2);
        assertThat(ms(r, Cause.UNEXPLAINED)).isEqualTo(3);
        assertThat(ms(r, Cause.EVENT_LOOP_QUEUE)).isZero();

        EventLoops loops = m.loops();
        assertThat(loops.reactive()).isTrue();
        assertThat(loops.loops()).isEqualTo(1);
        assertThat(loops.stalls()).isEqualTo(2);
        assertThat(loops.blockedStalls()).isZero();
        assertThat(loops.queueBehindCpuNanos()).isEqualTo(20 * MS);
        assertThat(loops.queueBehindBlockedNanos()).isZero();
        assertThat(loops.cpuFrames()).extracting(EventLoops.Frame::frame).containsExactly(
                "dev.poolscope.reactive.WorkloadController.lambda$cpu$0(WorkloadController.java:52)",
                "dev.poolscope.reactive.ProductController.get(ProductController.java:40)");
        assertThat(m.redis().roundTrip().count()).isEqualTo(1);

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
        request("d", 0, 55);
        request("c", 10, 60);
        // c is decoded at 10 ms and its handler calls blocking JDBC inline: a park in Hikari's pool, then a
        // connection held, both on the loop. The stack, taken 12 ms in, shows the driver reading, not a JDK wait:
        // the wait events on the loop (35 of the task's 40 ms) say it was blocked.
        b.events().loopStall(new Events.LoopStall(LOOP, T0 + 10 * MS, T0 + 50 * MS, "io",
                "org.postgresql.core.VisibleBufferedInputStream.read(VisibleBufferedInputStream.java:71)\n"
                        + "org.postgresql.jdbc.PgPreparedStatement.executeQuery(PgPreparedStatement.java:134)\n"
                        + "dev.poolscope.reactive.BlockingCalls.product(BlockingCalls.java:81)\n"
                        + "dev.poolscope.reactive.ProductController.get(ProductController.java:40)",
                12 * MS));
        b.events()
                .threadWait(new Events.ThreadWait(LOOP, T0 + 10 * MS, T0 + 25 * MS, Events.WaitKind.PARK_POOL,
                        "HikariPool"));
        b.events().connectionHold(
                new Events.ConnectionHold(LOOP, T0 + 25 * MS, T0 + 45 * MS, "blocking-calls", "c1", 1,
                        0, 0, 1));

        RunModel m = model();
        RequestTimeline c = byId(m, "c");
        assertThat(ms(c, Cause.CONNECTION_WAIT)).isEqualTo(15);
        assertThat(ms(c, Cause.DATABASE)).isEqualTo(20);
        assertThat(ms(c, Cause.UNEXPLAINED)).isEqualTo(15);
        assertThat(ms(c, Cause.CPU)).isZero();
        // d was decoded before: whatever it waits for next, its loop is busy with c's blocking call for 40 ms.
        RequestTimeline d = byId(m, "d");
        assertThat(ms(d, Cause.EVENT_LOOP_QUEUE)).isEqualTo(40);
        assertThat(ms(d, Cause.UNEXPLAINED)).isEqualTo(15);

        EventLoops loops = m.loops();
        assertThat(loops.blockedStalls()).isEqualTo(1);
        assertThat(loops.blockedNanos()).isEqualTo(40 * MS);
        assertThat(loops.queueBehindBlockedNanos()).isEqualTo(40 * MS);
        assertThat(loops.topBlockingFrame()).isEqualTo(
                new EventLoops.Frame("dev.poolscope.reactive.BlockingCalls.product(BlockingCalls.java:81)", 1,
                        40 * MS));
    }

    @Test
    void aPauseInsideASleepOnTheLoopBeforeItIsDueIsTheSleeps() {
        request("s", 10, 60);
        // s is decoded at 10 ms and its handler sleeps on the loop for the 40 ms it asked for, 10 to 50 ms in; a GC pause 20 to 30 ms in did
        // not move the sleep's end. A pause outside the sleep is the pause's, as before.
        b.events().loopStall(new Events.LoopStall(LOOP, T0 + 10 * MS, T0 + 50 * MS, "io",
                "java.lang.Thread.sleep(Thread.java:509)\n"
                        + "dev.poolscope.reactive.ProductController.get(ProductController.java:40)",
                12 * MS));
        b.events()
                .threadWait(new Events.ThreadWait(LOOP, T0 + 10 * MS, T0 + 50 * MS, Events.WaitKind.SLEEP, "",
                        -1, 40 * MS));
        b.events().pause(new Events.Pause(T0 + 20 * MS, T0 + 30 * MS, Events.PauseKind.GC, "young"));
        b.events().pause(new Events.Pause(T0 + 52 * MS, T0 + 55 * MS, Events.PauseKind.GC, "young"));

        RequestTimeline r = byId(model(), "s");
        assertThat(ms(r, Cause.SLEEP)).isEqualTo(40);
        assertThat(ms(r, Cause.GC_PAUSE)).isEqualTo(3);
    }

    @Test
    void theStackSaysBlockedWhenItsTopIsAWaitAndNamesTheApplicationsLine() {
        String park = "jdk.internal.misc.Unsafe.park(Native Method)\n"
                + "java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:269)\n"
                + "com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:154)\n"
                + "com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:162)\n"
                + "org.springframework.jdbc.core.JdbcTemplate.execute(JdbcTemplate.java:653)\n"
                + "dev.poolscope.reactive.BlockingCalls.product(BlockingCalls.java:81)";
        assertThat(LoopStack.blocking(park)).isTrue();
        assertThat(LoopStack.frame(park))
                .isEqualTo("dev.poolscope.reactive.BlockingCalls.product(BlockingCalls.java:81)");
        assertThat(LoopStack.blocking(CPU_STACK)).isFalse();
        assertThat(LoopStack.blocking("")).isFalse();
        assertThat(LoopStack.frame("")).isEmpty();
        assertThat(LoopStack.frame("io.netty.channel.nio.NioEventLoop.run(NioEventLoop.java:569)"))
                .isEqualTo("io.netty.channel.nio.NioEventLoop.run(NioEventLoop.java:569)");
    }

    @Test
    void whileNothingTiedToItRunsTheRequestWaitsForItsLoopAndTheLoopsRunDelayIsThatWaitsShare() {
        request("e", 0, 100);
        b.events().loopStall(new Events.LoopStall(LOOP, T0, T0 + 20 * MS, "io", CPU_STACK, 10 * MS));
        // The loop was runnable but not running half the second: half of e's own task and of its uncovered time is
        // CPU queueing.
        b.events().schedStat(new Events.SchedStat(T0, 1111, 11, LOOP.name(), 0, 0, 0, 0, 0));
        b.events().schedStat(
                new Events.SchedStat(T0 + 1000 * MS, 1111, 11, LOOP.name(), 200 * MS, 500 * MS, 0, 0, 0));
        RequestTimeline e = byId(model(), "e");
        assertThat(ms(e, Cause.RUN_DELAY)).isEqualTo(50);
        assertThat(ms(e, Cause.CPU)).isEqualTo(10);
        assertThat(ms(e, Cause.UNEXPLAINED)).isEqualTo(40);
    }

    @Test
    void servletRequestsAreNotReactive() {
        b.events()
                .request(new Events.Request(new Events.ThreadRef(42, 4242, "http-nio-8080-exec-1", false), T0,
                        T0 + 10 * MS, "s", "GET", "/api/ping", 200, "tomcat"));
        assertThat(model().reactive()).isFalse();
    }
}
