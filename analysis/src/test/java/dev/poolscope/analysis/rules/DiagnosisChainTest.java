package dev.poolscope.analysis.rules;

import static dev.poolscope.analysis.rules.Scenario.Kind.CONNECTION_WAIT;
import static dev.poolscope.analysis.rules.Scenario.Kind.DATABASE;
import static dev.poolscope.analysis.rules.Scenario.Kind.HOLD;
import static dev.poolscope.analysis.rules.Scenario.Kind.MONITOR;
import static dev.poolscope.analysis.rules.Scenario.Kind.REDIS_WAIT;
import static dev.poolscope.analysis.rules.Scenario.Kind.SLEEP;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.model.SteadyState;

/**
 * The kinds of case where a symptom used to be named as the cause, or the thread count did not fit the cause: the
 * primary cause is the root of the chain, and the recommendation's kind and arithmetic fit it.
 */
class DiagnosisChainTest {

    /** Half of each request waits for a connection; the holder spends 40 of its 50 ms asleep (not the database). */
    static Scenario heldAcrossSleep() {
        Scenario s = new Scenario().each(0, 50, CONNECTION_WAIT).each(50, 100, HOLD).each(55, 95, SLEEP)
                .saturatedPoolGauges();
        s.poolSize = 2;
        return s;
    }

    @Test
    void connectionHeldAcrossNonDatabaseWorkIsTheRootOfPoolStarvation() {
        Diagnosis.Result d = new Diagnosis().evaluate(heldAcrossSleep().model());
        assertThat(score(d, "pool-starvation")).isGreaterThanOrEqualTo(50);
        assertThat(d.primaryCause()).isEqualTo("connection-held");
        assertThat(d.causeChain()).containsExactly(new Link("connection-held", "pool-starvation", 0.8));
        assertThat(d.chainSentence()).isEqualTo("Cause chain: pool wait 50 ms per request (pool-starvation)"
                + " ← 80%: holds of 50 ms, 80% of them spent waiting for non-database work (connection-held).");
        assertThat(d.recommendation().kind()).isEqualTo("pool");
        assertThat(d.recommendation().sentence()).isEqualTo("Recommended worker threads: 3 (configured: 200);"
                + " but the lever is the hold time: 80% of it is non-database work done while holding a connection"
                + " (open-in-view, calls inside transactions).");
        assertThat(d.recommendation().arithmetic())
                .contains("Shorten holds: 80% of the hold time h = 50 ms was"
                        + " non-database waits; holds of 10 ms would let the 2 connections serve C / h = 200 req/s instead of"
                        + " 40 req/s.");
    }

    /**
     * Holds across a sleep with room in the pool: connection-held is the root, but no request queued for a connection,
     * so the pool's arithmetic sizes nothing.
     */
    @Test
    void connectionHeldWithRoomInThePoolIsNoPoolSizing() {
        Scenario s = new Scenario().each(50, 100, HOLD).each(55, 95, SLEEP);
        s.poolSize = 2;
        Diagnosis.Result d = new Diagnosis().evaluate(s.model());
        assertThat(d.primaryCause()).isEqualTo("connection-held");
        assertThat(d.recommendation().kind()).isEqualTo("none");
        assertThat(d.recommendation().threads()).isNull();
        assertThat(d.recommendation().sentence()).isEqualTo("No thread-count change: the root cause is"
                + " connection-held, which more or fewer threads do not fix.");
    }

    /**
     * The same holds across a slow Redis with room in the pool: no request waited for a connection, so the lever is
     * Redis, not a thread count sized on the holds.
     */
    @Test
    void slowRedisInsideHoldsWithRoomInThePoolIsNoPoolSizing() {
        Scenario s = new Scenario().each(50, 100, HOLD).each(55, 95, REDIS_WAIT).roundTrips(40).loopSchedStat(
                20,
                2);
        s.poolSize = 2;
        Diagnosis.Result d = new Diagnosis().evaluate(s.model());
        assertThat(d.primaryCause()).isEqualTo("redis-slow");
        assertThat(d.chainSentence()).isEqualTo("Cause chain: holds of 50 ms, 80% of them spent waiting for"
                + " non-database work (connection-held) ← 100%: Redis round trip 40 ms of the 40 ms callers waited"
                + " (redis-slow).");
        assertThat(d.recommendation().kind()).isEqualTo("none");
        assertThat(d.recommendation().threads()).isNull();
        assertThat(d.recommendation().sentence()).startsWith("No thread-count change: Redis is the lever.");
    }

    @Test
    void ruleOrderNeverDecidesThePrimaryCause() {
        List<Rule> rules = new ArrayList<>(new Diagnosis().rules());
        Random random = new Random(7);
        for (int i = 0; i < 20; i++) {
            Collections.shuffle(rules, random);
            assertThat(new Diagnosis(rules).evaluate(heldAcrossSleep().model()).primaryCause())
                    .isEqualTo("connection-held");
            assertThat(new Diagnosis(rules).evaluate(slowRedisInsideHolds().model()).primaryCause())
                    .isEqualTo("redis-slow");
        }
    }

    /** Open-in-view with a slow Redis: the connection is held across Redis commands whose round trip is slow. */
    static Scenario slowRedisInsideHolds() {
        Scenario s = new Scenario().each(0, 50, CONNECTION_WAIT).each(50, 100, HOLD).each(55, 95, REDIS_WAIT)
                .roundTrips(40).saturatedPoolGauges().loopSchedStat(20, 2);
        s.poolSize = 2;
        return s;
    }

    @Test
    void slowRedisInsideHoldsIsTheRootAndRedisIsJudgedSlowNotStarved() {
        Diagnosis.Result d = new Diagnosis().evaluate(slowRedisInsideHolds().model());
        assertThat(d.primaryCause()).isEqualTo("redis-slow");
        assertThat(d.causeChain()).containsExactly(new Link("redis-slow", "connection-held", 1.0),
                new Link("connection-held", "pool-starvation", 0.8));
        assertThat(d.chainSentence()).isEqualTo("Cause chain: pool wait 50 ms per request (pool-starvation)"
                + " ← 80%: holds of 50 ms, 80% of them spent waiting for non-database work (connection-held)"
                + " ← 100%: Redis round trip 40 ms of the 40 ms callers waited (redis-slow).");
        assertThat(sentence(d, "redis-slow")).startsWith("Slow Redis:");
        assertThat(d.recommendation().kind()).isEqualTo("pool");
        assertThat(d.recommendation().sentence()).contains("the lever is the hold time");
    }

    /**
     * Per 100 ms request: 10 ms Redis (W), then 30 ms on CPU and 60 ms waiting for one (schedstat); 400 workers,
     * {@code inFlight} of them busy in every gauge sample.
     */
    static Scenario cpuBound(int inFlight) {
        Scenario s = new Scenario().each(0, 10, REDIS_WAIT).schedStat(300, 600);
        s.maxThreads = 400;
        return s.busyWorkers(inFlight);
    }

    @Test
    void cpuBoundRunIsSizedToTheCoresNotByLittlesLaw() {
        Scenario s = cpuBound(40);
        Diagnosis.Result d = new Diagnosis().evaluate(s.model());
        assertThat(d.primaryCause()).isEqualTo("cpu-oversubscription");
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("cpu");
        // cores × (1 + W / C) = 2 × (1 + 10 / 30) = 2.67 → 3; Little's law on wall time would count the run delay.
        assertThat(r.threads()).isEqualTo(3);
        assertThat(r.sentence())
                .isEqualTo("Recommended worker threads: 3 (configured: 400): the work is CPU-bound"
                        + " on 2 CPUs, so more threads only wait for a CPU. The machine's CPUs were 98% busy on average:"
                        + " the requests' own work 15%, the rest of this JVM 35% (the JIT compiler, garbage collection, the"
                        + " agent, background threads) and other processes 48%.");
        assertThat(r.arithmetic()).containsExactly(
                "Measured per request: CPU C = 30 ms; waits that do not queue here W = 10 ms (Redis, outbound HTTP,"
                        + " database, sleep, I/O); queueing, not counted in W: run delay 60 ms, pool wait 0 ms, lock wait 0 ms;"
                        + " CPUs = 2.",
                "Goetz: threads = cores × (1 + W / C) = 2 × (1 + 10 / 30) = 2.7 → 3 worker threads.",
                "Predicted at 3 threads: throughput ≈ cores / C = 2 / 30 ms = 66.7 req/s (measured 10 req/s),"
                        + " server time ≈ C + W = 40 ms (measured 100 ms).",
                "In flight at once: at most 40 requests (the worker pool's busy count, sampled each second); more than 3"
                        + " in 100% of the samples, when a pool of 3 worker threads would have held requests back.");
    }

    /**
     * The same run on a host where other processes took more of the CPU than this JVM (64% against 35% on average):
     * the count is the same arithmetic, and says which CPUs it assumed.
     */
    @Test
    void aCpuCountOnAHostOthersTookSaysWhatItAssumed() {
        Scenario s = cpuBound(40).cpuLoad(0.15, 0.05, 1.0);
        Recommendation r = new Diagnosis().evaluate(s.model()).recommendation();
        assertThat(r.threads()).isEqualTo(3);
        assertThat(r.sentence())
                .isEqualTo("Recommended worker threads: 3 (configured: 400): the work is CPU-bound"
                        + " on 2 CPUs, so more threads only wait for a CPU. The machine's CPUs were 99% busy on average:"
                        + " the requests' own work 15%, the rest of this JVM 20% (the JIT compiler, garbage collection, the"
                        + " agent, background threads) and other processes 64%. This count assumes the app had the 2 CPUs"
                        + " to itself, and other processes used more of them than this JVM: size the threads on a host the"
                        + " app has to itself.");
    }

    /**
     * Pure CPU work with 400 workers on 2 cores: each 100 ms request computed for 6 ms, waited 90 ms for a CPU, and its
     * ~270-byte response write to the local load generator took 30 of those ms (the JDK timed it as socket I/O).
     */
    static Scenario cpuOnlyWith(Scenario.Kind write) {
        Scenario s = Scenario.measured(100_000, 6_000, 90_000).each(60, 90, write).schedStat(60, 900);
        s.maxThreads = 400;
        s.busyWorkers(160);
        return s;
    }

    /**
     * The same CPU-bound requests with at most 3 in flight at once: the 3 threads the cores need would have held none
     * back, so no count is recommended, and the sentence says where the machine's CPU went instead. 10 requests of 30
     * ms CPU in a second is 15% of 2 CPUs; this JVM used 50% of the machine and other processes 48% (schedStat's
     * jdk.CPULoad sample).
     */
    @Test
    void aThreadCountThatWouldNotHaveBoundIsNoLever() {
        Scenario s = cpuBound(3);
        Diagnosis.Result d = new Diagnosis().evaluate(s.model());
        assertThat(d.primaryCause()).isEqualTo("cpu-oversubscription");
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("none");
        assertThat(r.threads()).isNull();
        assertThat(r.sentence())
                .isEqualTo("No thread-count change: a pool of 3 worker threads, what the 2 CPUs"
                        + " need for this work, would have held requests back only while more than 3 were in flight, in 0% of"
                        + " the worker pool's samples (at most 3 busy), less than the 5% of server time a rule takes notice of."
                        + " The machine's CPUs were 98% busy on average: the requests' own work 15%, the rest of this JVM 35%"
                        + " (the JIT compiler, garbage collection, the agent, background threads) and other processes 48%. Less"
                        + " CPU outside the requests (a longer warm-up for the JIT compiler, the load generator on another host)"
                        + " or more CPUs is the lever.");
        assertThat(r.arithmetic()).hasSize(3).last().isEqualTo(
                "In flight at once: at most 3 requests (the worker pool's busy count, sampled each second); more than 3"
                        + " in 0% of the samples, when a pool of 3 worker threads would have held requests back.");
    }

    @Test
    void aCpuOnlyRunsResponseWritesAreNotWaitsMoreThreadsCouldOverlap() {
        // To this machine and within a page, the write could only wait for a CPU: no wait at all, W = 0.
        Diagnosis.Result local = new Diagnosis().evaluate(cpuOnlyWith(Scenario.Kind.LOCAL_WRITE).model());
        assertThat(local.primaryCause()).isEqualTo("cpu-oversubscription");
        assertThat(local.recommendation().threads()).isEqualTo(2);
        assertThat(local.recommendation().arithmetic().get(1))
                .isEqualTo("Goetz: threads = cores × (1 + W / C) = 2 × (1 + 0 / 6) = 2 → 2 worker threads.");
        // To another machine it is a socket wait, less the run delay measured inside it: 4 of its 30 ms.
        Diagnosis.Result remote = new Diagnosis().evaluate(cpuOnlyWith(Scenario.Kind.SOCKET_WRITE).model());
        assertThat(remote.recommendation().arithmetic().get(1))
                .isEqualTo(
                        "Goetz: threads = cores × (1 + W / C) = 2 × (1 + 4 / 6) = 3.3 → 4 worker threads.");
    }

    @Test
    void oneMonitorSerialisingEverythingRecommendsFewThreadsAndNamesTheLock() {
        Scenario s = new Scenario().each(10, 90, MONITOR);
        Diagnosis.Result d = new Diagnosis().evaluate(s.model());
        assertThat(d.primaryCause()).isEqualTo("lock-contention");
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("lock");
        // X × (S − lock wait) = 10 req/s × 20 ms = 0.2 → 1 thread keeps the measured throughput.
        assertThat(r.threads()).isEqualTo(1);
        assertThat(r.sentence())
                .isEqualTo("Recommended worker threads: 1 (configured: 200); more threads only"
                        + " queue on the lock. The fix is the lock: java.lang.Object.");
        assertThat(r.arithmetic())
                .contains("Predicted at 1 threads: throughput ≈ 10 req/s (unchanged), server"
                        + " time ≈ N / X = 100 ms (measured 100 ms).");
    }

    /** One worker; every request sleeps 90 of its 100 ms and its client waited a whole second. */
    static Scenario saturatedBySleeps() {
        Scenario s = new Scenario();
        s.maxThreads = 1;
        return s.each(5, 95, SLEEP).client(1000, 9).fullWorkers();
    }

    @Test
    void workerPoolSaturatedBySleepsIsTheRootOfTheBacklogAndIsSizedFromDemand() {
        Diagnosis.Result d = new Diagnosis().evaluate(saturatedBySleeps().model());
        assertThat(score(d, "backlog-queueing")).isGreaterThanOrEqualTo(50);
        assertThat(d.primaryCause()).isEqualTo("worker-pool-saturated");
        assertThat(sentence(d, "worker-pool-saturated")).isEqualTo("Worker pool saturated: every one of the 1"
                + " workers was busy in 100% of worker-pool samples, requests queued 900 ms on average before a"
                + " worker took them, and 90% of server time went to waits that need no CPU (sleep, I/O, Redis, outbound HTTP, the"
                + " database) rather than to CPU or to a pool or lock.");
        assertThat(d.causeChain())
                .containsExactly(new Link("worker-pool-saturated", "backlog-queueing", 0.9));
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("workers");
        // Clients with a request outstanding: 10 s of client time over the 1.9 s window = 5.3; none of S queues.
        assertThat(r.threads()).isEqualTo(6);
        assertThat(r.sentence())
                .isEqualTo("Recommended worker threads: 6 (configured: 1), or virtual threads:"
                        + " 90% of server time is waits that need no CPU; predicted client mean ≈ 100 ms.");
    }

    /**
     * One worker and one connection, every request 90 of its 100 ms in the database inside a hold; clients waited 1 s.
     */
    static Scenario onTheDatabaseInAHold() {
        Scenario s = new Scenario();
        s.maxThreads = 1;
        s.poolSize = 1;
        return s.each(0, 100, HOLD).each(5, 95, DATABASE).client(1000, 9).fullWorkers();
    }

    /**
     * The saturated worker again, but its 90 ms are the database's inside a connection hold, and every connection was
     * out in every pool sample: another worker would have found no connection to wait on the database with, so those
     * waits are not workers to add (the main sweep's 16-thread runs: 16 workers, 10 connections).
     */
    @Test
    void waitsInsideTheHoldsOfAFullPoolAreNotWorkersToAdd() {
        Diagnosis.Result d = new Diagnosis().evaluate(onTheDatabaseInAHold().fullPool().model());
        assertThat(score(d, "worker-pool-saturated")).isLessThan(25);
        assertThat(sentence(d, "worker-pool-saturated"))
                .isEqualTo("Worker pool not saturated: every one of the 1"
                        + " workers was busy in 100% of worker-pool samples, requests queued 900 ms on average in front of"
                        + " the server, and 0% of server time went to waits that need no CPU. Not counted: 90% of server time"
                        + " in such waits inside connection holds while every connection was out (100% of pool samples),"
                        + " which more workers could not have overlapped.");
        // Virtual threads would not overlap them either.
        assertThat(d.recommendation().sentence()).doesNotContain("virtual threads");
    }

    @Test
    void waitsInsideHoldsWhileConnectionsWereFreeAreStillWorkersToAdd() {
        Diagnosis.Result d = new Diagnosis().evaluate(onTheDatabaseInAHold().roomyPool().model());
        assertThat(d.primaryCause()).isEqualTo("worker-pool-saturated");
        assertThat(sentence(d, "worker-pool-saturated"))
                .endsWith("and 90% of server time went to waits that need"
                        + " no CPU (sleep, I/O, Redis, outbound HTTP, the database) rather than to CPU or to a pool or lock.");
    }

    /**
     * Sized below the clients with a request outstanding (2 connections bound it), the prediction is Little's law on
     * the clients: as many outstanding at the throughput the pool allows wait that long each, not the server time.
     */
    @Test
    void belowTheOfferedConcurrencyTheClientsStillQueueAndThePredictionSaysSo() {
        Scenario s = new Scenario();
        s.maxThreads = 1;
        s.poolSize = 2;
        Recommendation r = new Diagnosis()
                .evaluate(s.each(0, 100, HOLD).each(5, 95, SLEEP).client(1000, 9).fullWorkers().roomyPool()
                        .model())
                .recommendation();
        assertThat(r.threads()).isEqualTo(2);
        // 2 threads serve 2 / 100 ms = 20 req/s; the 5.3 clients outstanding then wait 5.3 / 20 = 263 ms each.
        assertThat(r.arithmetic())
                .contains("Predicted at 2 threads: throughput ≈ 20 req/s (measured 5.3 req/s),"
                        + " bounded by the threads (threads / server time without queueing); the 5.3 clients with a request"
                        + " outstanding then wait ≈ 263 ms each (Little's law: clients / throughput; measured 1000 ms).");
        assertThat(r.sentence()).endsWith("predicted client mean ≈ 263 ms.");
    }

    @Test
    void offeredConcurrencyIsNoMoreThanTheClientsThatCanHaveARequestOutstanding() {
        // The same run from a plan of 3 threads: 10 s of client time over the 1.9 s window sums to 5.3 requests
        // outstanding, more than 3 threads can have had (each sample counts whole, also past the window's end).
        Scenario s = new Scenario();
        s.maxThreads = 1;
        Recommendation r = new Diagnosis()
                .evaluate(s.each(5, 95, SLEEP).client(1000, 3).fullWorkers().model())
                .recommendation();
        assertThat(r.kind()).isEqualTo("workers");
        assertThat(r.threads()).isEqualTo(3);
        assertThat(r.arithmetic())
                .contains("Offered concurrency (clients with a request outstanding) = 3: client"
                        + " elapsed summed over the window gives 5.3, more than the 3 JMeter threads can have had"
                        + " outstanding, so the threads bound it; share of server time not queueing = 100%; workers the"
                        + " demand needs = 3.");
    }

    @Test
    void aBurstIsSizedForEveryClientAtOnce() {
        // The same run, its 9 clients' requests sent at once: all 9 waited together, whatever the time-average
        // over the queue emptying (5.3).
        RunModel m = saturatedBySleeps().model();
        m = m.withSteady(
                new SteadyState(SteadyState.Status.BURST, 0, m.window(), m.startNanos(), m.startNanos(),
                        1, List.of(), "burst"));
        Recommendation r = new Diagnosis().evaluate(m).recommendation();
        assertThat(r.threads()).isEqualTo(9);
        assertThat(r.arithmetic())
                .contains("Offered concurrency (clients with a request outstanding) = 9: the"
                        + " clients sent their requests at once, a burst, so all 9 waited together; share of server time not"
                        + " queueing = 100%; workers the demand needs = 9.");
    }

    @Test
    void aBacklogWhileWorkersStoodIdleIsNotSizedWithWorkers() {
        // The same 900 ms before the server as above, but the gauges saw 1 of 200 workers busy: an acceptor hands a
        // connection to an idle worker at once, so the queue was in front of the server (here: a CPU-starved client).
        Diagnosis.Result d = new Diagnosis().evaluate(new Scenario().each(5, 95, SLEEP).client(1000, 9)
                .idleWorkers().model());
        assertThat(d.primaryCause()).isEqualTo("backlog-queueing");
        assertThat(score(d, "worker-pool-saturated")).isLessThan(25);
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("none");
        assertThat(r.threads()).isNull();
        assertThat(r.sentence())
                .isEqualTo("No thread-count change: requests waited 900 ms on average before the"
                        + " server saw them, yet every worker was busy in only 0% of worker-pool samples; idle workers were"
                        + " there to take them, so the wait lies in front of the server (the client, the network, connection"
                        + " set-up, or a machine short of CPU), not in its worker pool.");
    }

    /**
     * Requests on virtual threads queued 900 ms before the server saw them, while their carrier waited for a CPU 71% of
     * the time it wanted one (44% of all its time): the host's CPU is the root, and the recommendation names it instead
     * of a worker count.
     */
    @Test
    void virtualThreadsWhoseCarriersWaitedForACpuQueueBehindThem() {
        Diagnosis.Result d = new Diagnosis()
                .evaluate(new Scenario().each(5, 95, SLEEP).client(1000, 9).carrier(180, 440).model());
        assertThat(d.primaryCause()).isEqualTo("cpu-oversubscription");
        assertThat(d.chainSentence())
                .isEqualTo("Cause chain: 900 ms per request queued before the application saw"
                        + " it (backlog-queueing) \u2190 71%: the carriers of the virtual threads waited for a CPU 44% of the"
                        + " time (cpu-oversubscription).");
        assertThat(d.recommendation().kind()).isEqualTo("virtual");
        assertThat(d.recommendation().sentence()).isEqualTo("No worker-thread count: requests ran on virtual"
                + " threads, so there is no worker pool to size; what bounds concurrency instead:"
                + " cpu-oversubscription.");
    }

    @Test
    void virtualThreadRunsGetNoWorkerCount() {
        Scenario s = saturatedBySleeps();
        s.virtualThreads = true;
        Diagnosis.Result d = new Diagnosis().evaluate(s.model());
        assertThat(sentence(d, "worker-pool-saturated"))
                .isEqualTo("No worker pool to saturate: requests ran on virtual threads.");
        assertThat(d.recommendation().kind()).isEqualTo("virtual");
        assertThat(d.recommendation().threads()).isNull();
        assertThat(d.recommendation().sentence()).startsWith("No worker-thread count: requests ran on virtual"
                + " threads, so there is no worker pool to size;");
    }

    @Test
    void healthyUnderLoadRecommendsNoChange() {
        Diagnosis.Result d = new Diagnosis()
                .evaluate(new Scenario().each(10, 12, CONNECTION_WAIT).each(12, 20, HOLD).model());
        assertThat(d.primaryCause()).isEqualTo("healthy");
        assertThat(d.causeChain()).isEmpty();
        assertThat(d.chainSentence()).isNull();
        assertThat(d.recommendation().kind()).isEqualTo("none");
        assertThat(d.recommendation().threads()).isNull();
        assertThat(d.recommendation().sentence())
                .isEqualTo("No change recommended: no cause scored 50 or more at 200 worker threads.");
    }

    @Test
    void noRequestsNoVerdict() {
        Diagnosis.Result d = new Diagnosis().evaluate(Scenario.empty().gc(150).model());
        assertThat(d.primaryCause()).isNull();
        assertThat(d.results()).allSatisfy(r -> {
            assertThat(r.score()).isNull();
            assertThat(r.sentence()).isEqualTo("Not enough data: no poolscope.Request events.");
        });
        assertThat(d.recommendation().threads()).isNull();
    }

    @Test
    void getConnectionFailingWithRoomInThePoolIsTheDatabaseNotStarvation() {
        // Every request waits 60 ms in getConnection and fails with no connection in use: the pool could not make one.
        Diagnosis.Result d = new Diagnosis()
                .evaluate(new Scenario().each(0, 60, Scenario.Kind.FAILED_CONNECTION).model());
        assertThat(d.primaryCause()).isEqualTo("database-unreachable");
        assertThat(sentence(d, "database-unreachable"))
                .isEqualTo("The database was unreachable: 10 getConnection"
                        + " calls (100% of them) failed while the pool had room for more connections, after waiting 60 ms"
                        + " on average; 0 requests failed on the server. A starved pool fails only with every connection"
                        + " out: these failures are the database or the way to it.");
        assertThat(d.recommendation().kind()).isEqualTo("none");
        // Timeouts with every connection out are starvation.
        Diagnosis.Result starved = new Diagnosis()
                .evaluate(new Scenario().each(0, 60, CONNECTION_WAIT).saturatedPoolGauges().model());
        assertThat(starved.primaryCause()).isEqualTo("pool-starvation");
        assertThat(score(starved, "database-unreachable")).isZero();
    }

    /**
     * Allocation inside a synchronized section on a small heap: every monitor wait the JDK recorded (10–35 ms of each
     * request) fell inside a pause, and shorter waits after it (wall samples) make lock waits the larger number.
     */
    static Scenario lockHoldersStoppedByGc() {
        return new Scenario().each(10, 35, MONITOR).pauses(10, 35).wallLockSamples(40, 50, 60, 70, 80, 90);
    }

    @Test
    void aLockWhoseWaitsFellInsidePausesIsExplainedByGcByTheirOverlap() {
        Diagnosis.Result d = new Diagnosis().evaluate(lockHoldersStoppedByGc().model());
        // The pause inside each wait is the pause's; the waits named from the samples stay the lock's.
        assertThat(sentence(d, "lock-contention")).startsWith("Lock contention: 75% of server time");
        assertThat(score(d, "lock-contention")).isGreaterThan(score(d, "gc-pressure"));
        // Pauses took a quarter of the run but all of the recorded lock waiting: measured where the two meet.
        assertThat(d.causeChain()).containsExactly(new Link("gc-pressure", "lock-contention", 1.0));
        assertThat(d.primaryCause()).isEqualTo("gc-pressure");
        assertThat(d.chainSentence()).isEqualTo("Cause chain: lock waits 75 ms per request, most on"
                + " java.lang.Object (lock-contention) ← 100%: GC pauses 25% of the requests' server time"
                + " (gc-pressure).");
        assertThat(d.recommendation().kind()).isEqualTo("none");
    }

    @Test
    void pausesElsewhereInTheRunDoNotExplainALock() {
        // The same pauses, but before the monitor waits: a quarter of the run, none of the lock waiting.
        Diagnosis.Result d = new Diagnosis()
                .evaluate(new Scenario().each(40, 100, MONITOR).pauses(10, 35).model());
        assertThat(d.primaryCause()).isEqualTo("lock-contention");
        assertThat(d.links())
                .noneMatch(l -> l.rule().equals("gc-pressure") && l.explains().equals("lock-contention"));
    }

    /**
     * Every request's thread measured 5 ms of CPU and 40 ms of run delay, and spent 45 ms in no wait: all of its run
     * delay was there. It waited for a connection for 20 or 40 ms and held it for the rest. The workers waited for a
     * CPU a seventh of the time they wanted one: CPU oversubscription scores below a finding but may explain one.
     */
    static Scenario runDelayAnd(long poolFromMs, long poolToMs, long databaseToMs) {
        Scenario s = Scenario.measured(100_000, 5_000, 40_000).each(poolFromMs, poolToMs, CONNECTION_WAIT)
                .each(poolToMs, 100, HOLD).each(poolToMs, databaseToMs, Scenario.Kind.DATABASE)
                .saturatedPoolGauges().schedStat(300, 50);
        s.poolSize = 2;
        return s;
    }

    @Test
    void runDelayExplainsPoolWaitByTheShareOfHoldTimeSpentRunnableNotOfServerTime() {
        // Outside the hold (0–40 ms and 95–100 of a 60–100 hold): half the time outside the pool wait was run delay
        // (the old share), but only 4.4 of the hold's 40 ms.
        Diagnosis.Result outside = new Diagnosis().evaluate(runDelayAnd(40, 60, 95).model());
        assertThat(outside.links()).filteredOn(l -> l.rule().equals("cpu-oversubscription"))
                .filteredOn(l -> l.explains().equals("pool-starvation"))
                .extracting(l -> Math.round(l.share() * 1000))
                .containsExactly(111L);
        assertThat(outside.primaryCause()).isEqualTo("pool-starvation");
        // Inside the hold (55–100 of a 40–100 hold): three quarters of the hold was runnable, not running.
        Diagnosis.Result inside = new Diagnosis().evaluate(runDelayAnd(0, 40, 55).model());
        assertThat(inside.links()).filteredOn(l -> l.explains().equals("pool-starvation"))
                .extracting(Link::rule, l -> Math.round(l.share() * 1000))
                .containsExactly(org.assertj.core.groups.Tuple.tuple("cpu-oversubscription", 667L));
        assertThat(inside.primaryCause()).isEqualTo("cpu-oversubscription");
    }

    @Test
    void aLoneFindingIsItsOwnRoot() {
        Diagnosis.Result d = new Diagnosis().evaluate(new Scenario().gc(150).model());
        assertThat(d.primaryCause()).isEqualTo("gc-pressure");
        assertThat(d.chainSentence())
                .isEqualTo(
                        "Cause chain: GC pauses 15% of the requests' server time (gc-pressure); nothing else measured"
                                + " explains it.");
        assertThat(d.recommendation().sentence()).isEqualTo(
                "No thread-count change: the root cause is gc-pressure, which more or fewer threads do not fix.");
    }

    private static int score(Diagnosis.Result d, String rule) {
        return d.results().stream().filter(r -> r.rule().equals(rule)).findFirst().orElseThrow()
                .scoreOrZero();
    }

    private static String sentence(Diagnosis.Result d, String rule) {
        return d.results().stream().filter(r -> r.rule().equals(rule)).findFirst().orElseThrow().sentence();
    }
}
