package dev.poolscope.analysis.rules;

import static dev.poolscope.analysis.rules.Scenario.Kind.CONNECTION_WAIT;
import static dev.poolscope.analysis.rules.Scenario.Kind.HOLD;
import static dev.poolscope.analysis.rules.Scenario.MS;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.diagnosis.Diagnosis;
import dev.poolscope.analysis.recording.Events;
import dev.poolscope.analysis.rules.database.DatabaseSlowRule;
import dev.poolscope.analysis.rules.database.NPlusOneRule;

/**
 * The database rules on exact synthetic events: ten 100 ms requests on one worker, each with its SQL statements inside
 * its connection hold. Every sentence is checked whole.
 */
class DatabaseRulesTest {
    static final String LEDGER = "select count(*), sum(amount) from ledger where account_id = ?";
    static final String SHELF = "select s.name from shelf s where s.id = ?";
    static final String PRODUCT = "select p.name from product p where p.id = ?";

    /** In every request, a statement [fromMs, toMs) on the worker. */
    static Scenario statement(Scenario s, long fromMs, long toMs, String sql, long rows) {
        for (int i = 0; i < 10; i++) {
            long t = Scenario.start(i);
            s.b.events().statement(new Events.Statement(Scenario.WORKER, t + fromMs * MS, t + toMs * MS, sql,
                    "executeQuery", rows, 0, true, "c1", ""));
        }
        return s;
    }

    /** 40 ms of pool wait, then a 50 ms hold that is 40 ms of one statement: the slow query behind a starved pool. */
    static Scenario slowQuery() {
        Scenario s = new Scenario().each(0, 40, CONNECTION_WAIT).each(40, 90, HOLD).saturatedPoolGauges();
        return statement(s, 45, 85, LEDGER, -1);
    }

    @Test
    void aSlowStatementIsTheRootOfThePoolStarvationAndIsNamed() {
        Diagnosis.Result d = new Diagnosis().evaluate(slowQuery().model());
        RuleResult r = d.results().stream().filter(x -> x.rule().equals("database-slow")).findFirst()
                .orElseThrow();
        // 40 of 50 ms of each hold in the statement: 80% of the 40% pool wait goes with it. The statement itself took
        // its fastest time every time: its own work, no wait inside it.
        assertThat(r.sentence())
                .isEqualTo("Database waits: requests lost 32% of server time to the database, in"
                        + " the pool wait its statements caused (80% of the time a connection was held it was inside a"
                        + " statement) and inside statements beyond their fastest tenth. Most statement time: `"
                        + LEDGER
                        + "`, 10 executions, mean 40 ms (fastest tenth 40 ms), p99 40 ms, 100% of all statement time, 1 per"
                        + " request that ran it. Whether the database was saturated is"
                        + " not measurable here: the statements ran about 1 at once throughout.");
        assertThat(d.primaryCause()).isEqualTo("database-slow");
        assertThat(d.causeChain()).extracting(l -> l.rule() + ">" + l.explains())
                .contains("database-slow>pool-starvation");
        assertThat(d.recommendation().kind()).isEqualTo("none");
        assertThat(d.recommendation().threads()).isNull();
        // C = 10 connections, h = 50 ms: 200 req/s; at half the statement's 40 ms, h = 30 ms: 333 req/s.
        assertThat(d.recommendation().sentence()).isEqualTo("No thread-count change: make `" + LEDGER
                + "` cheaper; it is 80% of each hold. At half its time the pool would serve 333 req/s (200 now);"
                + " whether a bigger pool would help was not measurable.");
        assertThat(d.recommendation().arithmetic()).containsExactly(
                "Measured: 10 req/s; each request held a connection h = 50 ms, so C = 10 connections serve at"
                        + " most C / h = 200 req/s.",
                "`" + LEDGER + "` took 40 ms of each request (1 executions of 40 ms), 80% of the hold.",
                "At half its time the hold would be 30 ms and the pool would serve up to 333 req/s.",
                "The statements ran about 1 at once throughout: whether the database could take more at once was"
                        + " not measured; a bigger pool helps only if the statement time stays the same with it.");
    }

    /** A 20-ms transaction in every request, with no queue for connections: the statement's own work, no wait. */
    @Test
    void statementsDoingTheirOwnWorkAreNotTheDatabaseSlow() {
        Scenario s = new Scenario().each(10, 40, HOLD);
        RuleResult r = Scenario.run(new DatabaseSlowRule(), statement(s, 12, 32, LEDGER, -1));
        assertThat(r.sentence())
                .isEqualTo("The database is not where requests wait: 0% of server time went to it"
                        + " beyond what the statements took at their fastest, in the pool wait they caused or inside them"
                        + " (20 ms of statements per request, 10 executions).");
        assertThat(r.scoreOrZero()).isLessThan(25);
    }

    @Test
    void withoutStatementEventsThereIsNoVerdict() {
        RuleResult r = Scenario.run(new DatabaseSlowRule(), new Scenario().each(10, 20, HOLD));
        assertThat(r.severity()).isEqualTo(RuleResult.Severity.NA);
        assertThat(r.sentence()).isEqualTo("Not enough data: no poolscope.Statement events.");
        assertThat(Scenario.run(new NPlusOneRule(), new Scenario()).sentence())
                .isEqualTo("Not enough data: no poolscope.Statement events.");
    }

    /** 30 ms of pool wait, then a shelf and one product per item: 20 statements of one text in every request. */
    static Scenario nPlusOne() {
        Scenario s = new Scenario().each(0, 30, CONNECTION_WAIT).each(30, 100, HOLD).saturatedPoolGauges();
        statement(s, 30, 32, SHELF, -1);
        for (int j = 0; j < 20; j++) {
            statement(s, 32 + 3 * j, 35 + 3 * j, PRODUCT, -1);
        }
        return s;
    }

    @Test
    void aStatementRepeatedInEveryRequestIsAnNPlusOneWithItsCount() {
        Diagnosis.Result d = new Diagnosis().evaluate(nPlusOne().model());
        RuleResult r = d.results().stream().filter(x -> x.rule().equals("n-plus-one")).findFirst()
                .orElseThrow();
        // 19 of the 20 executions of 3 ms are repeats: 57 of each 100 ms request, and 57 of the 62 ms of statements
        // that are 62 of each 70 ms hold: that part of the 30% pool wait.
        assertThat(r.sentence()).isEqualTo("N+1: requests to GET /api/x ran `" + PRODUCT
                + "` 20 times each (up to 20); its repeats took 57 ms per request (mean 3 ms an execution), and"
                + " statements run again in the same request took 81.4% of server time, directly or through the"
                + " pool wait. Fetch them in one statement (a join, or an IN list of the ids) or one batch.");
        assertThat(d.primaryCause()).isEqualTo("n-plus-one");
        assertThat(d.causeChain()).extracting(l -> l.rule() + ">" + l.explains())
                .containsExactly("n-plus-one>database-slow", "database-slow>pool-starvation");
        // h = 70 ms per request on 10 connections: 143 req/s; without the 57 ms of repeats, 13 ms: 769 req/s.
        assertThat(d.recommendation().sentence()).isEqualTo("No thread-count change: run `" + PRODUCT
                + "` once instead of 20 times per GET /api/x request (a join, an IN list or a batch); the pool"
                + " would serve up to 769 req/s (143 now).");
    }

    /**
     * The same N+1 on a worker that waited for a CPU (600 ms of run delay in its second, 100 ms on CPU): CPU
     * oversubscription scores 96, above the N+1's 95, and nothing else explains it. The run delay inside the holds
     * goes with the repeats in proportion to their part of the hold: all 60 ms of each request's run delay fell in its
     * 70-ms hold (6/7 of it), and the repeats are 57 ms of the hold, so 57 × 6/7 of the 60 ms, 57/70. The N+1 explains
     * the oversubscription and is the root.
     */
    @Test
    void repeatsThatWaitForACpuExplainTheRunDelay() {
        Diagnosis.Result d = new Diagnosis().evaluate(nPlusOne().schedStat(100, 600).model());
        assertThat(d.results()).filteredOn(r -> r.rule().equals("cpu-oversubscription"))
                .extracting(RuleResult::score).containsExactly(96);
        assertThat(d.links()).filteredOn(l -> l.explains().equals("cpu-oversubscription"))
                .singleElement().satisfies(l -> {
                    assertThat(l.rule()).isEqualTo("n-plus-one");
                    assertThat(l.share()).isCloseTo(57.0 / 70, org.assertj.core.data.Offset.offset(1e-9));
                });
        assertThat(d.primaryCause()).isEqualTo("n-plus-one");
        assertThat(d.recommendation().kind()).isEqualTo("none");
    }

    @Test
    void statementsRunOnceEachAreNoNPlusOne() {
        RuleResult r = Scenario.run(new NPlusOneRule(),
                statement(statement(new Scenario().each(10, 30, HOLD), 10, 20, SHELF, -1), 20, 30, PRODUCT,
                        1));
        assertThat(r.sentence())
                .isEqualTo("No N+1: no statement ran more than once in any of the 10 requests.");
        assertThat(r.scoreOrZero()).isZero();
    }

    @Test
    void theStatementsStepsCarryTheirTextTimeAndRows() {
        var run = statement(statement(new Scenario().each(10, 30, HOLD), 10, 20, SHELF, -1), 20, 30, PRODUCT,
                1)
                .model();
        List<String> steps = run.slowest().getFirst().steps().stream()
                .map(s -> s.name() + ": " + s.detail() + " " + s.durationNanos() / MS + " ms").toList();
        assertThat(steps).containsSubsequence("SQL / connection held: c1 20 ms",
                "SQL statement: " + SHELF + " 10 ms",
                "SQL statement: " + PRODUCT + " (1 row) 10 ms");
    }
}
