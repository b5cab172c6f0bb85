package dev.poolscope.analysis.rules;

import static dev.poolscope.analysis.rules.Scenario.Kind.REDIS_WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.diagnosis.Diagnosis;

/**
 * When threads are not the lever, the recommendation names the one that is: the frame that pinned virtual threads
 * and what to replace there; the Redis command that took the time, or the queue or CPU in front of Redis.
 */
class LeverAdviceTest {
    private static final String SITE = "dev.example.Ledger.post";

    private static Scenario pinnedOnVirtualThreads(String reason) {
        Scenario s = new Scenario().pinned(50, SITE, reason);
        s.virtualThreads = true;
        return s;
    }

    @Test
    void pinningBeforeJdk24NamesTheFrameAndTheMonitorToReplace() {
        Diagnosis.Result d = new Diagnosis().evaluate(pinnedOnVirtualThreads("").model());
        assertThat(d.primaryCause()).isEqualTo("vthread-pinning");
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("virtual");
        assertThat(r.sentence())
                .isEqualTo("No worker-thread count: requests ran on virtual threads, so there is no"
                        + " worker pool to size; what bounds concurrency instead: virtual threads blocked while pinned to"
                        + " their carrier, 500 ms in all, most at " + SITE
                        + " (10 times, 500 ms): before JDK 24 a virtual"
                        + " thread is pinned while it holds a monitor, so replace the synchronized block or method around"
                        + " the blocking call there with a java.util.concurrent.locks.ReentrantLock, or run on JDK 24 or"
                        + " later, where synchronized no longer pins.");
        assertThat(r.arithmetic()).last().isEqualTo("Pinned, by the first frame outside the JDK: " + SITE
                + " 10 times, 500 ms, no reason recorded (JDK 21-23).");
    }

    @Test
    void pinningUnderANativeFrameSaysWhatTheJdkSaid() {
        Recommendation r = new Diagnosis()
                .evaluate(pinnedOnVirtualThreads("Native or VM frame on stack").model())
                .recommendation();
        assertThat(r.sentence()).endsWith("most at " + SITE
                + " (10 times, 500 ms): the JDK says Native or VM frame"
                + " on stack: the blocking call runs inside a native call or the JVM's own frame; make it outside"
                + " that call, or run this work on platform threads.");
    }

    @Test
    void pinningInAClassInitializerPointsAtTheInitializer() {
        Recommendation r = new Diagnosis()
                .evaluate(pinnedOnVirtualThreads("VM call to dev.example.Rates.<clinit> on stack").model())
                .recommendation();
        assertThat(r.sentence())
                .endsWith(": the JDK says VM call to dev.example.Rates.<clinit> on stack: a class"
                        + " initializer blocked; move the blocking work out of the static initializer.");
    }

    @Test
    void slowRedisNamesTheCommandAndItsTime() {
        // 50 ms of every request waits for Redis; round trips of 60 ms (HGETALL) and 10 ms (GET): 35 ms on average.
        Scenario s = new Scenario().each(0, 50, REDIS_WAIT).roundTrips(60, "HGETALL").roundTrips(10, "GET");
        Diagnosis.Result d = new Diagnosis().evaluate(s.model());
        assertThat(d.primaryCause()).isEqualTo("redis-slow");
        Recommendation r = d.recommendation();
        assertThat(r.kind()).isEqualTo("none");
        assertThat(r.sentence())
                .isEqualTo("No thread-count change: Redis is the lever. Its replies took 35 ms on"
                        + " average (p99 59.9 ms) of the 50 ms callers waited, 50% of server time; most of that time went to"
                        + " HGETALL (85.7% of round-trip time, 60 ms each). Make Redis answer faster (its SLOWLOG names its"
                        + " slow commands) or call it less; more threads only wait longer.");
        assertThat(r.arithmetic())
                .containsExactly("Measured: Redis waits 50% of server time; callers waited 50 ms on"
                        + " average (p99 50 ms); round trip 35 ms (p99 59.9 ms); the Lettuce event loop waited 0 ms for a CPU"
                        + " per reply. Round trips by command, most time first: HGETALL 10 \u00d7 60 ms, GET 10 \u00d7 10 ms.");
    }

    @Test
    void redisQueuedOnTheSharedConnectionNamesTheQueue() {
        Scenario s = new Scenario().each(0, 50, REDIS_WAIT).roundTrips(10).loopSchedStat(1, 4);
        Recommendation r = new Diagnosis().evaluate(s.model()).recommendation();
        assertThat(r.sentence())
                .isEqualTo("No thread-count change: the shared Redis connection is the lever. Redis"
                        + " answered in 10 ms but callers waited 50 ms, 50% of server time: 39.6 ms of it queued in front of"
                        + " Lettuce's one shared connection. Commands that can go out side by side need more connections (a"
                        + " pool; the lab app: --redis-pool).");
    }
}
