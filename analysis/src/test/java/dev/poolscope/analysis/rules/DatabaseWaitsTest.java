package dev.poolscope.analysis.rules;

import static dev.poolscope.analysis.rules.Scenario.Kind.HOLD;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.model.Cause;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.rules.pool.ConnectionHeldRule;
import dev.poolscope.analysis.rules.workers.WorkerPoolSaturatedRule;

/**
 * Database time in the rules, on exact synthetic events: ten 100 ms requests, each 50 ms in a socket read under the
 * JDBC driver and 10 ms in another socket write.
 */
class DatabaseWaitsTest {

    private static Scenario withDatabaseAndSocket() {
        Scenario s = new Scenario();
        for (int i = 0; i < 10; i++) {
            long t = Scenario.start(i);
            s.b.events().threadWait(
                    new Events.ThreadWait(Scenario.WORKER, t + 10 * Scenario.MS, t + 60 * Scenario.MS,
                            Events.WaitKind.DATABASE_IO, "127.0.0.1"));
            s.b.events().threadWait(
                    new Events.ThreadWait(Scenario.WORKER, t + 60 * Scenario.MS, t + 70 * Scenario.MS,
                            Events.WaitKind.SOCKET_WRITE, "127.0.0.1"));
        }
        return s;
    }

    @Test
    void databaseTimeIsAWaitThatNeedsNoCpu() {
        RunModel run = withDatabaseAndSocket().model();
        assertThat(run.serverTotal().nanos(Cause.DATABASE)).isEqualTo(500 * Scenario.MS);
        assertThat(run.serverTotal().nanos(Cause.SOCKET_IO)).isEqualTo(100 * Scenario.MS);
        // Database and socket waits are W (Goetz): 60 ms of each 100 ms request, the rest unexplained here.
        assertThat(Measured.independentNanos(run)).isEqualTo(600 * Scenario.MS);
        assertThat(WorkerPoolSaturatedRule.blockingPct(run)).isEqualTo(60.0);
        assertThat(Measured.of(run).independentWaits()).isEqualTo(0.06);
    }

    @Test
    void databaseTimeInsideAHoldIsTheConnectionsWorkAndAnotherSocketWaitIsNot() {
        RuleResult r = Scenario.run(new ConnectionHeldRule(), withDatabaseAndSocket().each(0, 80, HOLD));
        // 10 of 80 ms: the socket write; the 50 ms database read is what the connection was borrowed for.
        assertThat(r.sentence()).isEqualTo("Connections held across non-database work: 12.5% of the time a"
                + " connection was borrowed its thread waited for something else (0% for Redis); hold p50 80 ms,"
                + " p99 80 ms. Check open-in-view and calls made inside transactions.");
    }
}
