package dev.poolscope.analysis.rules;

import static dev.poolscope.analysis.rules.Scenario.Kind.CONNECTION_WAIT;
import static dev.poolscope.analysis.rules.Scenario.Kind.HOLD;
import static dev.poolscope.analysis.rules.Scenario.Kind.MONITOR;
import static dev.poolscope.analysis.rules.Scenario.Kind.REDIS_WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.rules.cpu.CpuOversubscriptionRule;
import dev.poolscope.analysis.rules.cpu.HandoffSpinRule;
import dev.poolscope.analysis.rules.gc.GcPressureRule;
import dev.poolscope.analysis.rules.lock.LockContentionRule;
import dev.poolscope.analysis.rules.pool.ConnectionHeldRule;
import dev.poolscope.analysis.rules.pool.PoolStarvationRule;
import dev.poolscope.analysis.rules.redis.RedisSlowRule;
import dev.poolscope.analysis.rules.vthreads.VirtualThreadPinningRule;
import dev.poolscope.analysis.rules.workers.BacklogQueueingRule;

/** Every rule on synthetic events: the exact sentence and the score band. */
class RulesTest {

    static void assertBand(RuleResult r, RuleResult.Severity severity, int min, int max) {
        assertThat(r.severity()).isEqualTo(severity);
        assertThat(r.score()).isBetween(min, max);
    }

    @Test
    void poolStarvation() {
        RuleResult r = Scenario.run(new PoolStarvationRule(),
                new Scenario().each(20, 80, CONNECTION_WAIT).saturatedPoolGauges());
        assertThat(r.sentence())
                .isEqualTo("Pool starvation: requests spent 60% of server time waiting for a pooled"
                        + " connection (mean 60 ms per request, getConnection p99 60 ms); all connections were out with"
                        + " threads waiting in 100% of pool samples, at most 5 threads waiting, 0 getConnection timeouts.");
        assertBand(r, RuleResult.Severity.WARNING, 90, 92);

        RuleResult ok = Scenario.run(new PoolStarvationRule(), new Scenario().each(10, 11, CONNECTION_WAIT));
        assertThat(ok.sentence()).isEqualTo(
                "No pool starvation: requests spent 1% of server time waiting for a connection (getConnection p99 1 ms).");
        assertBand(ok, RuleResult.Severity.OK, 0, 24);

        RuleResult na = Scenario.run(new PoolStarvationRule(), new Scenario());
        assertThat(na.sentence())
                .isEqualTo("Not enough data: no poolscope.ConnectionWait or poolscope.HikariPool events.");
        assertThat(na.score()).isNull();
    }

    @Test
    void connectionHeldAcrossRedis() {
        RuleResult r = Scenario.run(new ConnectionHeldRule(),
                new Scenario().each(20, 80, HOLD).each(30, 60, REDIS_WAIT));
        assertThat(r.sentence())
                .isEqualTo("Connections held across non-database work: 50% of the time a connection"
                        + " was borrowed its thread waited for something else (50% for Redis); hold p50 60 ms, p99 60 ms."
                        + " Check open-in-view and calls made inside transactions.");
        assertBand(r, RuleResult.Severity.WARNING, 86, 88);
        assertThat(Scenario.run(new ConnectionHeldRule(), new Scenario()).sentence())
                .isEqualTo("Not enough data: no poolscope.ConnectionHold events.");
    }

    @Test
    void cpuOversubscription() {
        RuleResult r = Scenario.run(new CpuOversubscriptionRule(), new Scenario().schedStat(100, 300));
        assertThat(r.sentence())
                .isEqualTo("CPU oversubscription: the 1 worker threads spent 75% of the time they"
                        + " wanted a CPU waiting for one (0.30 s of run delay per second), machine CPU peaked at 98%; 30% of"
                        + " server time was runnable but not scheduled.");
        assertBand(r, RuleResult.Severity.WARNING, 84, 86);
        assertThat(Scenario.run(new CpuOversubscriptionRule(), new Scenario()).sentence()).isEqualTo(
                "Not enough data: no poolscope.ThreadSchedStat for the worker threads (Linux only).");
        // A crowded run queue that costs requests little is not the cause: scored by its share of server time.
        RuleResult mild = Scenario.run(new CpuOversubscriptionRule(), new Scenario().schedStat(10, 30));
        assertThat(mild.sentence())
                .isEqualTo("No CPU oversubscription that slows requests: 3% of server time was"
                        + " runnable but not scheduled (the 1 worker threads spent 75% of the time they wanted a CPU waiting for one).");
        assertBand(mild, RuleResult.Severity.OK, 14, 16);
    }

    /**
     * Virtual threads have no schedstat of their own; their carrier's: it wanted a CPU for 620 ms of the second (180 ms
     * on it, 440 ms waiting), 71% of it waiting, 44% of all its time. What that cost the requests is measured where a
     * virtual thread's sleep ran past its time: 30 ms of 100 here (30% of server time, past both limits), 3 ms (3%, a
     * cost too small to name), or not at all (no such wait: the carriers' measures alone, below a finding's 50).
     */
    @Test
    void cpuOversubscriptionOnTheCarriersOfVirtualThreads() {
        RuleResult r = Scenario.run(new CpuOversubscriptionRule(),
                Scenario.virtualSleeps(70, 30).carrier(180, 440));
        assertThat(r.sentence())
                .isEqualTo("CPU oversubscription: the 1 carriers of the virtual threads spent 71%"
                        + " of the time they wanted a CPU waiting for one (44% of all their time), and every virtual thread"
                        + " mounted on or queued for a waiting carrier waited with it; machine CPU peaked at 98%. Past their"
                        + " sleeps' and timeouts' due time, virtual threads waited 30 ms per request to run again (30% of"
                        + " server time).");
        // The lowest of the four scores: 30% of server time, against the carriers' 92.
        assertBand(r, RuleResult.Severity.WARNING, 85, 85);
        assertThat(new CpuOversubscriptionRule()
                .explains(Scenario.virtualSleeps(70, 30).carrier(180, 440).model()))
                .singleElement().satisfies(l -> {
                    assertThat(l.explains()).isEqualTo("backlog-queueing");
                    assertThat(l.share()).isCloseTo(440.0 / 620, org.assertj.core.data.Offset.offset(1e-9));
                });

        RuleResult small = Scenario.run(new CpuOversubscriptionRule(),
                Scenario.virtualSleeps(97, 3).carrier(180, 440));
        assertThat(small.sentence())
                .isEqualTo("No CPU oversubscription that slows requests: the 1 carriers of the"
                        + " virtual threads waited for a CPU 44% of the time (71% of the time they wanted one). Past their"
                        + " sleeps' and timeouts' due time, virtual threads waited 3 ms per request to run again (3% of server"
                        + " time).");
        assertBand(small, RuleResult.Severity.OK, 0, 24);

        RuleResult unmeasured = Scenario.run(new CpuOversubscriptionRule(), new Scenario().carrier(180, 440));
        assertThat(unmeasured.sentence())
                .endsWith("machine CPU peaked at 98%. What it cost each request is not"
                        + " measured: no virtual thread's sleep or timeout ran past its due time, the one wait whose end the"
                        + " recording knows in advance.");
        assertBand(unmeasured, RuleResult.Severity.INFO, 49, 49);

        // A carrier that waited 71.4% of the little it wanted a CPU: 4% of its time, a scheduler barely held up.
        RuleResult idle = Scenario.run(new CpuOversubscriptionRule(),
                Scenario.virtualSleeps(70, 30).carrier(16, 40));
        assertThat(idle.sentence())
                .startsWith("No CPU oversubscription that slows requests: the 1 carriers of the"
                        + " virtual threads waited for a CPU 4% of the time (71.4% of the time they wanted one).");
        assertBand(idle, RuleResult.Severity.OK, 0, 24);
    }

    /**
     * The same run queue on a host where other processes took more of the CPU than this JVM: said, with both means
     * (the JVM 50% and 20% in the two samples, the machine 98% and 100%: others 48% and 80%, means 64% against 35%).
     * The score does not change: the workers did wait.
     */
    @Test
    void cpuOversubscriptionOnAHostOthersTook() {
        RuleResult r = Scenario.run(new CpuOversubscriptionRule(),
                new Scenario().schedStat(100, 300).cpuLoad(0.15, 0.05, 1.0));
        assertThat(r.sentence())
                .isEqualTo("CPU oversubscription: the 1 worker threads spent 75% of the time they"
                        + " wanted a CPU waiting for one (0.30 s of run delay per second), machine CPU peaked at 100%;"
                        + " 30% of server time was runnable but not scheduled. Other processes used 64% of the machine"
                        + " CPU on average and this JVM 35%: most of the CPU time the workers competed for went to"
                        + " other processes (a load generator or a database on the same host?), which a smaller thread"
                        + " pool does not give back. Measure again with those on other machines, or with CPUs reserved"
                        + " for the app, before sizing its threads on this run.");
        assertBand(r, RuleResult.Severity.WARNING, 84, 86);
        assertThat(r.evidence()).anySatisfy(e -> {
            assertThat(e.name()).isEqualTo("other processes' CPU mean");
            assertThat(e.value()).isCloseTo(64, org.assertj.core.data.Offset.offset(1e-9));
        });
        // Others at 48% against the JVM's 50% (the one sample of cpuOversubscription()): nothing added there.
    }

    /**
     * The third condition, run delay per request: the same shares (workers waited for a CPU 75% of the time they
     * wanted one; 60% of server time runnable), once in requests of 1 ms and once in requests of 20 ms. A 0.6 ms
     * run-queue wait is the ordinary cost of sharing a CPU; a 12 ms one is a client-visible wait.
     */
    @Test
    void cpuOversubscriptionNeedsRunDelayAClientCanSee() {
        RuleResult sub = Scenario.run(new CpuOversubscriptionRule(),
                Scenario.measured(1_000, 400, 600).schedStat(100, 300));
        assertThat(sub.sentence())
                .isEqualTo("No CPU oversubscription that slows requests: 60% of server time was"
                        + " runnable but not scheduled (the 1 worker threads spent 75% of the time they wanted a CPU waiting for one).");
        assertThat(sub.evidence()).anySatisfy(e -> {
            assertThat(e.name()).isEqualTo("mean run delay per request");
            assertThat(e.value()).isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-9));
        });
        assertBand(sub, RuleResult.Severity.OK, 15, 15);

        RuleResult slow = Scenario.run(new CpuOversubscriptionRule(),
                Scenario.measured(20_000, 8_000, 12_000).schedStat(100, 300));
        assertThat(slow.sentence())
                .isEqualTo("CPU oversubscription: the 1 worker threads spent 75% of the time they"
                        + " wanted a CPU waiting for one (0.30 s of run delay per second), machine CPU peaked at 98%; 60% of"
                        + " server time was runnable but not scheduled.");
        // 12 ms per request: past the 10 ms warning limit, and the lowest of the three scores.
        assertBand(slow, RuleResult.Severity.WARNING, 80, 80);
    }

    @Test
    void redisStarvedOrSlow() {
        // Callers waited 50 ms, the round trip took 10 and the loop ran on time: the rest queued for the connection.
        RuleResult queued = Scenario.run(new RedisSlowRule(),
                new Scenario().each(0, 50, REDIS_WAIT).roundTrips(10));
        assertThat(queued.sentence())
                .isEqualTo(
                        "Redis commands queue on this side: 50% of server time waiting for replies; callers"
                                + " waited 50 ms on average, the round trip took 10 ms and the Lettuce event loop waited 0 ms"
                                + " for a CPU per reply, so 40 ms per command went to the queue in front of the shared"
                                + " connection (see --redis-pool).");
        assertBand(queued, RuleResult.Severity.WARNING, 86, 88);
        // The loop waited 400 ms for a CPU over 10 replies: 40 of the callers' 50 ms per reply.
        RuleResult starved = Scenario.run(new RedisSlowRule(),
                new Scenario().each(0, 50, REDIS_WAIT).roundTrips(10).loopSchedStat(50, 400));
        assertThat(starved.sentence())
                .isEqualTo("Redis replies are late on this side: 50% of server time waiting for"
                        + " replies; callers waited 50 ms on average while the round trip took 10 ms, and the Lettuce"
                        + " event loop waited 40 ms for a CPU per reply.");
        // A high run-delay share of a nearly idle loop (1 ms of CPU, 4 ms waiting) is not starvation.
        RuleResult idleLoop = Scenario.run(new RedisSlowRule(),
                new Scenario().each(0, 50, REDIS_WAIT).roundTrips(45).loopSchedStat(1, 4));
        assertThat(idleLoop.sentence()).startsWith("Slow Redis:");
        RuleResult slow = Scenario.run(new RedisSlowRule(),
                new Scenario().each(0, 50, REDIS_WAIT).roundTrips(45));
        assertThat(slow.sentence())
                .isEqualTo("Slow Redis: 50% of server time waiting for replies; callers waited"
                        + " 50 ms on average and the round trip itself took 45 ms.");
        assertThat(Scenario.run(new RedisSlowRule(), new Scenario()).severity())
                .isEqualTo(RuleResult.Severity.NA);
    }

    @Test
    void redisSlowNeedsWaitsAClientCanSee() {
        // 2-ms requests that wait 0.6 ms each for a 0.5-ms round trip: 30 % of server time, and Redis working as designed.
        RuleResult fast = Scenario.run(new RedisSlowRule(), redisShare(2_000, 600, 500));
        assertThat(fast.sentence()).isEqualTo(
                "Redis is not a bottleneck: 30% of server time waiting for replies (mean wait 0.60 ms).");
        assertThat(fast.evidence()).anySatisfy(e -> {
            assertThat(e.name()).isEqualTo("Redis wait per request");
            assertThat(e.value()).isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-9));
        });
        assertBand(fast, RuleResult.Severity.OK, 15, 15);
        // The same 30 % of 40-ms requests: 12 ms per request, past Redis's own 10-ms slow-log limit.
        RuleResult slow = Scenario.run(new RedisSlowRule(), redisShare(40_000, 12_000, 11_000));
        assertThat(slow.sentence())
                .isEqualTo("Slow Redis: 30% of server time waiting for replies; callers waited"
                        + " 12 ms on average and the round trip itself took 11 ms.");
        assertBand(slow, RuleResult.Severity.WARNING, 75, 75);
    }

    /** Ten requests of {@code spanMicros} on CPU but for one Redis wait of {@code waitMicros} for its round trip. */
    private static Scenario redisShare(long spanMicros, long waitMicros, long tripMicros) {
        Scenario s = Scenario.measured(spanMicros, spanMicros - waitMicros, 0);
        for (int i = 0; i < 10; i++) {
            long start = Scenario.start(i);
            s.b.events().redisWait(
                    new Events.RedisWait(Scenario.WORKER, start, start + waitMicros * 1000, "GET", true));
            s.b.events().redisRoundTrip(
                    new Events.RedisRoundTrip(Scenario.LOOP, start, start + tripMicros * 1000, "GET", 42,
                            true));
        }
        return s;
    }

    @Test
    void lockContention() {
        RuleResult r = Scenario.run(new LockContentionRule(), new Scenario().each(10, 40, MONITOR));
        assertThat(r.sentence()).isEqualTo(
                "Lock contention: 30% of server time in monitor or lock waits outside the pool (mean 30 ms per request),"
                        + " most on java.lang.Object.");
        assertBand(r, RuleResult.Severity.WARNING, 84, 86);
    }

    @Test
    void gcPressure() {
        RuleResult r = Scenario.run(new GcPressureRule(), new Scenario().gc(150));
        assertThat(r.sentence())
                .isEqualTo(
                        "GC pressure: the requests stood still in pauses for 15% of their server time (150 ms"
                                + " of pauses in 1 collections, 15% of the run).");
        assertBand(r, RuleResult.Severity.WARNING, 84, 86);
        RuleResult ok = Scenario.run(new GcPressureRule(), new Scenario());
        assertThat(ok.sentence())
                .isEqualTo(
                        "No GC pressure: the requests stood still in pauses for 0% of their server time (0 ms"
                                + " of pauses in 0 collections, 0% of the run).");
        assertBand(ok, RuleResult.Severity.OK, 0, 0);
    }

    @Test
    void gcExplainsEachWaitByTheShareOfItThatFellInsidePauses() {
        // Pauses 30–60 ms into every request: 30% of the run.
        Scenario s = new Scenario().each(0, 40, CONNECTION_WAIT).each(40, 100, HOLD).each(50, 70, REDIS_WAIT)
                .pauses(30, 60);
        java.util.Map<String, Double> share = new java.util.TreeMap<>();
        new GcPressureRule().explains(s.model()).forEach(l -> share.put(l.explains(), l.share()));
        assertThat(share.get("pool-starvation")).as("10 of the 40 ms pool wait").isEqualTo(0.25);
        assertThat(share.get("connection-held")).as("20 of the 60 ms hold").isCloseTo(1 / 3.0,
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(share.get("redis-slow")).as("10 of the 20 ms Redis wait").isEqualTo(0.5);
        // No lock wait to measure, and no interval stands for run delay, the worker pool or the backlog: the
        // pauses' share of the run.
        assertThat(share.get("lock-contention")).isCloseTo(0.3, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(share.get("cpu-oversubscription")).isCloseTo(0.3,
                org.assertj.core.api.Assertions.within(1e-9));
        assertThat(share.get("backlog-queueing")).isCloseTo(0.3,
                org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void backlogQueueing() {
        RuleResult r = Scenario.run(new BacklogQueueingRule(),
                new Scenario().client(200).saturatedPoolGauges());
        assertThat(r.sentence())
                .isEqualTo("Backlog queueing: 50% of client time was spent before the application"
                        + " saw the request (accept backlog, connect; p99 100 ms); every worker was busy in 100% of"
                        + " worker-pool samples.");
        assertBand(r, RuleResult.Severity.WARNING, 86, 88);
        assertThat(Scenario.run(new BacklogQueueingRule(), new Scenario()).sentence())
                .isEqualTo("Not enough data: no JMeter sample matched a server request by request id.");
        // On virtual threads there is no worker pool to be full: the sentence does not cite its gauge.
        Scenario virtual = new Scenario().client(200);
        virtual.virtualThreads = true;
        assertThat(Scenario.run(new BacklogQueueingRule(), virtual).sentence())
                .isEqualTo(
                        "Backlog queueing: 50% of client time was spent before the application saw the request"
                                + " (accept backlog, connect; p99 100 ms); requests ran on virtual threads, so no worker pool"
                                + " was there to be full: a request waits for a carrier to run it instead.");
    }

    @Test
    void handoffSpin() {
        RuleResult r = Scenario.run(new HandoffSpinRule(), new Scenario().cpuSamples(100, 20));
        assertThat(r.sentence()).isEqualTo("Hand-off spin: 20% of 100 CPU samples (JFR) are Thread.yield in"
                + " ConcurrentBag.requite: returning threads burn CPU while others wait for connections.");
        assertBand(r, RuleResult.Severity.WARNING, 90, 92);
        assertThat(Scenario.run(new HandoffSpinRule(), new Scenario()).sentence())
                .isEqualTo("Not enough data: fewer than 50 CPU samples (0, JFR).");
    }

    /** async-profiler's samples, when the run has them, replace the JDK's: these see a thread inside Thread.yield. */
    @Test
    void handoffSpinReadsAsyncProfilersSamplesWhenThereAreAny() {
        RuleResult r = Scenario.run(new HandoffSpinRule(),
                new Scenario().cpuSamples(100, 0).profilerCpuSamples(200, 40));
        assertThat(r.sentence())
                .isEqualTo("Hand-off spin: 20% of 200 CPU samples (async-profiler) are Thread.yield"
                        + " in ConcurrentBag.requite: returning threads burn CPU while others wait for connections.");
        assertBand(r, RuleResult.Severity.WARNING, 90, 92);
        assertThat(Scenario.run(new HandoffSpinRule(), new Scenario().profilerCpuSamples(300, 0)).sentence())
                .isEqualTo("No hand-off spin: 0% of 300 CPU samples (async-profiler) in ConcurrentBag.requite"
                        + " yielding.");
    }

    @Test
    void virtualThreadPinning() {
        RuleResult platform = Scenario.run(new VirtualThreadPinningRule(), new Scenario());
        assertThat(platform.sentence())
                .isEqualTo("No virtual-thread pinning: the server ran on platform threads.");
        assertBand(platform, RuleResult.Severity.OK, 0, 0);
        Scenario s = new Scenario();
        s.virtualThreads = true;
        s.b.events().virtualThreadPinned(
                new dev.poolscope.analysis.recording.Events.VirtualThreadPinned(Scenario.WORKER,
                        Scenario.T0, Scenario.T0 + 100 * Scenario.MS));
        RuleResult pinned = Scenario.run(new VirtualThreadPinningRule(), s);
        assertThat(pinned.sentence())
                .isEqualTo("Virtual-thread pinning: pinned 10% of server time (1 events, 100 ms);"
                        + " pinned threads hold their carrier while they block.");
        assertBand(pinned, RuleResult.Severity.WARNING, 90, 92);
    }

    @Test
    void healthyAndPrimaryCause() {
        Diagnosis.Result clean = new Diagnosis()
                .evaluate(new Scenario().each(10, 11, CONNECTION_WAIT).model());
        assertThat(clean.primaryCause()).isEqualTo("healthy");
        assertThat(clean.results().getLast().sentence())
                .isEqualTo("Healthy: no cause scored 50 or more (the highest scored 3).");
        Diagnosis.Result starved = new Diagnosis()
                .evaluate(new Scenario().each(20, 80, CONNECTION_WAIT).saturatedPoolGauges().model());
        assertThat(starved.primaryCause()).isEqualTo("pool-starvation");
        assertThat(starved.results().getLast().sentence())
                .isEqualTo("Not healthy: pool-starvation scored 91.");
    }

    @Test
    void recommendationShowsLittlesLaw() {
        Scenario s = new Scenario().each(0, 40, CONNECTION_WAIT).each(40, 60, HOLD);
        s.poolSize = 2;
        Recommendation r = new Diagnosis().evaluate(s.model()).recommendation();
        // X = 10 req/s, S = 100 ms, W = 40 ms, h = 20 ms, C = 2: C × (S − W) / h = 6 threads, × 1.25 → 8.
        assertThat(r.kind()).isEqualTo("pool");
        assertThat(r.threads()).isEqualTo(8);
        assertThat(r.arithmetic()).contains(
                "Measured: throughput X = 10 req/s, server time S = 100 ms, pool wait W = 40 ms, connection hold"
                        + " h = 20 ms per request, pool size C = 2, CPUs = 2.",
                "Recommended = max(2, ceil(6 × 1.25)) = 8 worker threads.",
                "Predicted at 8 threads: throughput ≈ min(C / h, N / (S − W)) = 100 req/s (measured 10 req/s).");
        assertThat(r.sentence()).isEqualTo("Recommended worker threads: 8 (configured: 200).");
    }

    @Test
    void thresholdScoreIsMonotonicAndPasses75AtTheLimit() {
        Threshold t = new Threshold("x", 10, 30, Unit.PERCENT);
        assertThat(t.score(0)).isZero();
        assertThat(t.score(10)).isEqualTo(25);
        assertThat(t.score(30)).isEqualTo(75);
        assertThat(t.score(1000)).isLessThanOrEqualTo(100);
    }
}
