package dev.poolscope.analysis.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.jtl.JtlSample;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.RunModelBuilder;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.recording.RecordingInfo;
import dev.poolscope.analysis.recording.RunMetadata;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.rules.pool.PoolStarvationRule;
import dev.poolscope.analysis.rules.reactive.EventLoopBlockedRule;
import dev.poolscope.analysis.rules.reactive.EventLoopSaturatedRule;
import dev.poolscope.analysis.rules.redis.RedisSlowRule;

/**
 * The reactive stack's rules on synthetic events with exact times: the sentences, the chain and the arithmetic of
 * each recommendation. Requests run on Reactor Netty's event loop {@code reactor-http-epoll-1} over one second.
 */
class ReactiveRulesTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final Events.ThreadRef LOOP = new Events.ThreadRef(11, 1111, "reactor-http-epoll-1", false);
    static final Events.ThreadRef TCP = new Events.ThreadRef(12, 1212, "reactor-tcp-epoll-1", false);
    static final String FRAME = "dev.poolscope.reactive.BlockingCalls.product(BlockingCalls.java:81)";
    static final String PARK = "jdk.internal.misc.Unsafe.park(Native Method)\n"
            + "java.util.concurrent.locks.LockSupport.parkNanos(LockSupport.java:269)\n"
            + "com.zaxxer.hikari.util.ConcurrentBag.borrow(ConcurrentBag.java:154)\n" + FRAME;
    static final String CPU = "java.lang.Math.sqrt(Math.java:388)\n"
            + "dev.poolscope.reactive.WorkloadController.lambda$cpu$0(WorkloadController.java:52)";

    final RunModelBuilder b = new RunModelBuilder();
    int poolSize = 10;

    void request(String id, long fromMs, long toMs) {
        b.events().request(
                new Events.Request(LOOP, T0 + fromMs * MS, T0 + toMs * MS, id, "GET", "/api/products/1", 200,
                        "netty"));
    }

    /** A JMeter sample for the request, {@code extraMs} longer than the server span (before the app saw it). */
    void client(String id, long fromMs, long toMs, long extraMs) {
        b.accept(new JtlSample(T0 / MS + fromMs - extraMs, toMs - fromMs + extraMs, "GET", "200", true, 20,
                toMs - fromMs + extraMs, 1, "http://h/api/products/1", id));
    }

    void loopSchedStat(long cpuMs, long runDelayMs) {
        b.events().schedStat(new Events.SchedStat(T0, 1111, 11, LOOP.name(), 0, 0, 0, 0, 0));
        b.events()
                .schedStat(new Events.SchedStat(T0 + 1000 * MS, 1111, 11, LOOP.name(), cpuMs * MS,
                        runDelayMs * MS,
                        0, 10,
                        100));
    }

    RunModel model() {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "netty", 1, false,
                List.of(new RunMetadata.Pool("r2dbc", poolSize, 10_000L)), false, null, 0L);
        RecordingInfo info = new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 1000 * MS);
        return b.build(meta, info, null, List.of());
    }

    /**
     * Ten slots of 100 ms: q-i is decoded first; r-i, decoded 10 ms later, runs a 40-ms blocking JDBC call inline on
     * the loop, and q-i waits for it.
     */
    void blockedLoop() {
        for (int i = 0; i < 10; i++) {
            long s = i * 100L;
            request("q-" + i, s, s + 100);
            request("r-" + i, s + 10, s + 100);
            client("q-" + i, s, s + 100, 50);
            client("r-" + i, s + 10, s + 100, 50);
            b.events().loopStall(
                    new Events.LoopStall(LOOP, T0 + (s + 10) * MS, T0 + (s + 50) * MS, "io", PARK, 10 * MS));
        }
    }

    @Test
    void eventLoopBlockedNamesTheFrameAndIsTheRootOfTheBacklog() {
        // The JMeter samples start 50 ms before the first request: 20 requests over 1.05 s is 19 req/s.
        blockedLoop();
        RunModel run = model();
        RuleResult r = new EventLoopBlockedRule().evaluate(run);
        assertThat(r.sentence())
                .isEqualTo("Blocking calls on the event loops: the 1 loops were blocked 38.1% of their"
                        + " time in 10 long tasks (20 ms per request), most in " + FRAME
                        + " (10 times, 400 ms in all);"
                        + " requests queued 20 ms each behind a blocked loop. A loop that blocks serves none of its"
                        + " connections meanwhile.");
        assertThat(r.score()).isEqualTo(98);

        Diagnosis.Result d = new Diagnosis().evaluate(run);
        assertThat(d.primaryCause()).isEqualTo("event-loop-blocked");
        assertThat(d.causeChain()).containsExactly(new Link("event-loop-blocked", "backlog-queueing", 1.0));
        assertThat(d.results()).filteredOn(x -> x.rule().equals("worker-pool-saturated")).singleElement()
                .satisfies(x -> {
                    assertThat(x.score()).isZero();
                    assertThat(x.sentence())
                            .isEqualTo("No worker pool on the reactive stack: requests ran on event"
                                    + " loops (see event-loop-saturated and event-loop-blocked).");
                });
        Recommendation rec = d.recommendation();
        assertThat(rec.kind()).isEqualTo("off-loop");
        assertThat(rec.threads()).isNull();
        assertThat(rec.sentence()).isEqualTo("Move the blocking call off the event loop: " + FRAME
                + " blocked the loops 10 times (400 ms in all). Use the non-blocking client (R2DBC, Lettuce's reactive"
                + " API), or wrap the call in Mono.fromCallable(...).subscribeOn(Schedulers.boundedElastic()); no"
                + " event-loop count or pool size fixes a blocked loop.");
        assertThat(rec.arithmetic()).containsExactly(
                "Measured: throughput X = 19 req/s, event loops L = 1, loops blocked b = 20 ms per request, event-loop"
                        + " CPU 0 ms per request, 10 blocking loop tasks.",
                "A blocked loop serves nothing: L loops blocked b per request serve at most L / b = 1 / 20 ms = 50"
                        + " req/s.");
    }

    /** q-i is decoded first; r-i, decoded 10 ms later, computes for 60 ms on the loop, and q-i waits. */
    RunModel saturatedLoops() {
        for (int i = 0; i < 10; i++) {
            long s = i * 100L;
            request("q-" + i, s, s + 100);
            request("r-" + i, s + 10, s + 100);
            client("q-" + i, s, s + 100, 50);
            client("r-" + i, s + 10, s + 100, 50);
            b.events().loopStall(
                    new Events.LoopStall(LOOP, T0 + (s + 10) * MS, T0 + (s + 70) * MS, "io", CPU, 10 * MS));
        }
        loopSchedStat(600, 350);
        return model();
    }

    @Test
    void eventLoopSaturatedOnCpuIsSizedToTheCores() {
        RunModel run = saturatedLoops();
        RuleResult r = new EventLoopSaturatedRule().evaluate(run);
        assertThat(r.sentence())
                .isEqualTo("Event loops saturated: the 1 loops (on 2 CPUs) were busy 95% of the time,"
                        + " 60% on CPU, and requests spent 31.6% of server time queued behind other requests on their loop (30"
                        + " ms per request behind on-CPU tasks).");
        assertThat(r.score()).isEqualTo(76);
        assertThat(new EventLoopBlockedRule().evaluate(run).sentence()).isEqualTo(
                "No blocking calls on the event loops to speak of: blocked 0% of their time (0 blocking loop tasks on 1"
                        + " loops).");

        Diagnosis.Result d = new Diagnosis().evaluate(run);
        assertThat(d.primaryCause()).isEqualTo("event-loop-saturated");
        // The loops' run delay is the run queue's, and their busy share keeps requests in the backlog.
        assertThat(d.causeChain())
                .containsExactly(new Link("event-loop-saturated", "cpu-oversubscription", 0.95));
        assertThat(d.links()).contains(new Link("event-loop-saturated", "backlog-queueing", 0.95));
        Recommendation rec = d.recommendation();
        assertThat(rec.kind()).isEqualTo("event-loops");
        assertThat(rec.threads()).isEqualTo(2);
        assertThat(rec.sentence()).isEqualTo("Recommended event loops: 2, one per CPU (configured: 1).");
        assertThat(rec.arithmetic()).containsExactly(
                "Measured: throughput X = 19 req/s, event loops L = 1, CPUs N = 2, event-loop CPU c = 30 ms per"
                        + " request, loops busy 95% of the time.",
                "A loop is one thread: the loops use at most min(L, N) = 1 CPUs and serve at most min(L, N) / c = 1 /"
                        + " 30 ms = 33.3 req/s.",
                "Predicted at L = N = 2: throughput \u2264 N / c = 2 / 30 ms = 66.7 req/s (measured 19 req/s); more"
                        + " loops than CPUs only take turns on them (run delay).");
    }

    /** The same loops on a host where other processes took 80% of the CPU and this JVM 20%: the count says so. */
    @Test
    void aLoopCountOnAHostOthersTookSaysWhatItAssumed() {
        b.events().cpuLoad(new Events.CpuLoad(T0 + 500 * MS, 0.15, 0.05, 1.0));
        Recommendation rec = new Diagnosis().evaluate(saturatedLoops()).recommendation();
        assertThat(rec.kind()).isEqualTo("event-loops");
        assertThat(rec.sentence())
                .isEqualTo("Recommended event loops: 2, one per CPU (configured: 1). This count"
                        + " assumes the app had the 2 CPUs to itself, but other processes used 80% of the machine CPU on"
                        + " average and this JVM 20%: size the threads on a host the app has to itself.");
    }

    @Test
    void r2dbcPoolStarvationIsSizedByLittlesLaw() {
        poolSize = 2;
        // Five clients, ten 100-ms requests each: 50 ms pending on the pool, then a 40-ms hold.
        for (int c = 0; c < 5; c++) {
            for (int i = 0; i < 10; i++) {
                long s = i * 100L;
                String id = "c" + c + "-" + i;
                request(id, s, s + 100);
                b.events().r2dbcAcquire(
                        new Events.R2dbcAcquire(TCP, T0 + s * MS, T0 + (s + 50) * MS, "r2dbc", id, "c1",
                                "acquired", 2, 0, 3, 2));
                b.events().r2dbcHold(
                        new Events.R2dbcHold(TCP, T0 + (s + 50) * MS, T0 + (s + 90) * MS, "r2dbc", id,
                                "c1"));
            }
        }
        for (int i = 0; i <= 10; i++) {
            b.events().r2dbcPool(new Events.R2dbcPoolGauge(T0 + i * 100 * MS, "r2dbc", 2, 0, 3, 2, 2));
        }
        RunModel run = model();
        RuleResult r = new PoolStarvationRule().evaluate(run);
        assertThat(r.sentence())
                .isEqualTo("Pool starvation: requests spent 50% of server time waiting for a pooled"
                        + " connection (mean 50 ms per request, getConnection p99 50 ms); all connections were out with threads"
                        + " waiting in 100% of pool samples, at most 3 threads waiting, 0 getConnection timeouts.");
        Diagnosis.Result d = new Diagnosis().evaluate(run);
        assertThat(d.primaryCause()).isEqualTo("pool-starvation");
        Recommendation rec = d.recommendation();
        assertThat(rec.kind()).isEqualTo("pool-size");
        assertThat(rec.threads()).isNull();
        assertThat(rec.sentence())
                .isEqualTo("Recommended r2dbc-pool size: 5 (configured: 2), from Little's law:"
                        + " connections \u2248 throughput \u00d7 hold. No thread count: the reactive stack has event loops,"
                        + " not workers.");
        assertThat(rec.arithmetic()).containsExactly(
                "Measured: throughput X = 50 req/s, R2DBC connection hold h = 40 ms, acquire wait W = 50 ms per request,"
                        + " pool size C = 2, client mean 100 ms.",
                "Little's law: connections in use = X \u00d7 h = 50 \u00d7 0.04 s = 2.",
                "The pool serves at most C / h = 2 / 0.04 s = 50 req/s.",
                "Demand without the acquire wait (closed loop: clients send again at once) = X \u00d7 client /"
                        + " (client \u2212 W) = 50 \u00d7 100 / (100 \u2212 50) ms = 100 req/s.",
                "Connections \u2248 demand \u00d7 h \u00d7 headroom = 100 \u00d7 0.04 s \u00d7 1.25 \u2192 5.",
                "Predicted at 5 connections: the pool serves up to 5 / h = 125 req/s, above the demand of 100 req/s,"
                        + " so acquire waits fall to near zero, if the database keeps h as it is (it will not once its"
                        + " CPUs are busy: measure again).");
    }

    @Test
    void redisRepliesLateBehindLongTasksOnLettucesLoopAreSaidSo() {
        Events.ThreadRef lettuce = new Events.ThreadRef(13, 1313, "lettuce-nioEventLoop-4-1", false);
        for (int i = 0; i < 10; i++) {
            long s = i * 100L;
            request("r-" + i, s, s + 100);
            b.events().redisRoundTrip(
                    new Events.RedisRoundTrip(lettuce, T0 + (s + 10) * MS, T0 + (s + 90) * MS, "GET", 11,
                            true, "r-" + i));
            // The previous request's chain goes on after its reply on Lettuce's loop: this reply waits for it.
            b.events().loopStall(new Events.LoopStall(lettuce, T0 + (s + 20) * MS, T0 + (s + 80) * MS, "task",
                    "com.fasterxml.jackson.databind.ObjectMapper.readValue(ObjectMapper.java:3848)\n"
                            + "dev.poolscope.reactive.ProductController.lambda$get$1(ProductController.java:55)",
                    10 * MS));
        }
        RunModel run = model();
        RuleResult r = new RedisSlowRule().evaluate(run);
        assertThat(r.sentence())
                .isEqualTo("Redis replies are late on this side: 80% of server time waiting for"
                        + " replies; callers waited 80 ms on average for a round trip of 80 ms, while the event loop that"
                        + " delivers the replies spent 60% of its time in tasks over 10 ms (most in"
                        + " dev.poolscope.reactive.ProductController.lambda$get$1(ProductController.java:55)). On the reactive"
                        + " stack the rest of a request after a reply runs on that loop unless moved (publishOn), and every"
                        + " later reply waits behind it.");
        assertThat(run.loops().otherLoopStalls()).isEqualTo(10);
        assertThat(run.loops().stalls()).isZero();
    }

    @Test
    void servletRunsHaveNoEventLoopVerdict() {
        Scenario s = new Scenario();
        assertThat(Scenario.run(new EventLoopBlockedRule(), s).sentence()).isEqualTo(
                "Not enough data: not the reactive stack: requests ran on worker threads, not event loops.");
        assertThat(Scenario.run(new EventLoopSaturatedRule(), new Scenario()).score()).isNull();
    }
}
