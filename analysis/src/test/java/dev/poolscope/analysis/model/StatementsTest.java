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
 * The statements part of the model on exact synthetic executions: how many ran at once and the saturation test read
 * from it, both stacks' statements joined to their requests, and the caps that bound it.
 */
class StatementsTest {
    static final long T0 = 1_763_700_000_000_000_000L;
    static final long MS = 1_000_000L;

    static Events.ThreadRef thread(int i) {
        return new Events.ThreadRef(100 + i, 1000 + i, "worker-" + i, false);
    }

    static Events.Statement statement(int thread, long start, long end, String sql) {
        return new Events.Statement(thread(thread), start, end, sql, "executeQuery", -1, 0, true,
                "c" + thread,
                "");
    }

    static RunModel build(RunModelBuilder b) {
        RunMetadata meta = new RunMetadata("t", 1L, null, null, "25", 2, "tomcat", 200, false, List.of(),
                false,
                null, 0L);
        return b.build(meta,
                new RecordingInfo(List.of(), false, 1, Map.of(), List.of(), T0, T0 + 60_000 * MS),
                null, List.of());
    }

    /**
     * Groups of k executions that start and end together, ten groups per k: with {@code perOne} ms each when alone
     * and {@code perOne} × k^{@code growth} with k at once.
     */
    static RunModel groups(double growth, long perOneMs) {
        RunModelBuilder b = new RunModelBuilder();
        long t = T0;
        for (int k : new int[]{1, 2, 4, 8}) {
            long len = Math.round(perOneMs * Math.pow(k, growth)) * MS;
            for (int g = 0; g < 10; g++) {
                for (int i = 0; i < k; i++) {
                    b.events()
                            .statement(statement(i, t, t + len, "select * from ledger where account_id = ?"));
                }
                t += len + 5 * MS;
            }
        }
        return build(b);
    }

    @Test
    void aStatementWhoseTimeGrowsInProportionToHowManyRunIsSaturated() {
        Statements.Load load = groups(1, 10).statements().top().load();
        assertThat(load.levels()).extracting(Statements.Level::level).containsExactly(1, 2, 4, 8);
        assertThat(load.levels()).extracting(Statements.Level::count).containsExactly(10L, 20L, 40L, 80L);
        assertThat(load.levels()).extracting(Statements.Level::typicalMs).containsExactly(10.0, 20.0, 40.0,
                80.0);
        assertThat(load.growth()).isCloseTo(1.0, within(1e-9));
        assertThat(load.saturated()).isTrue();
        assertThat(load.lowest().level()).isEqualTo(1);
        assertThat(load.busiest().level()).isEqualTo(8);
    }

    @Test
    void aStatementThatTakesTheSameTimeHoweverManyRunKeptUp() {
        Statements.Load load = groups(0, 10).statements().top().load();
        assertThat(load.growth()).isCloseTo(0.0, within(1e-9));
        assertThat(load.saturated()).isFalse();
        assertThat(groups(0.4, 100).statements().top().load().saturated()).as("growth 0.4").isFalse();
        assertThat(groups(0.6, 100).statements().top().load().saturated()).as("growth 0.6").isTrue();
    }

    @Test
    void theNumberAtOnceIsTheMeanOverTheExecution() {
        // A 100 ms statement with another beside it for its second half only: 1.5 at once on average.
        StatementCollector c = new StatementCollector(new Scope(null, RequestSample.all(0)));
        c.statement(statement(0, T0, T0 + 100 * MS, "a"));
        c.statement(statement(1, T0 + 50 * MS, T0 + 150 * MS, "b"));
        StatementLoad load = new StatementLoad(c);
        assertThat(load.atOnce(T0, T0 + 100 * MS)).isCloseTo(1.5, within(1e-9));
        assertThat(load.atOnce(T0 + 100 * MS, T0 + 150 * MS)).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void aNarrowRangeOfLevelsMeasuresNoGrowth() {
        RunModelBuilder b = new RunModelBuilder();
        for (int g = 0; g < 20; g++) {
            long t = T0 + g * 100 * MS;
            b.events().statement(statement(0, t, t + 50 * MS, "q"));
        }
        Statements.Load load = build(b).statements().top().load();
        assertThat(load.measured()).isFalse();
        assertThat(load.busiest().level()).isEqualTo(1);
    }

    @Test
    void statementsAreRankedByTotalTimeAndTheRestCounted() {
        RunModelBuilder b = new RunModelBuilder();
        for (int i = 0; i < StatementCollector.MAX_TEXTS + 50; i++) {
            long t = T0 + i * 10 * MS;
            b.events().statement(statement(0, t, t + 1 * MS + i * 1000, "select " + i));
        }
        RunModel run = build(b);
        Statements st = run.statements();
        assertThat(st.executions()).isEqualTo(StatementCollector.MAX_TEXTS + 50);
        assertThat(st.texts()).isEqualTo(StatementCollector.MAX_TEXTS);
        assertThat(st.otherExecutions()).isEqualTo(50);
        assertThat(st.ranked()).hasSize(Statements.RANKED);
        assertThat(st.top().sql()).isEqualTo("select " + (StatementCollector.MAX_TEXTS - 1));
        assertThat(run.notes()).contains("50 statement executions of texts beyond the first 200 distinct ones"
                + " were counted but are ranked in no statement row");
    }

    @Test
    void executionsBeyondTheCapAreCountedNotKept() {
        RunModelBuilder b = new RunModelBuilder();
        int n = StatementCollector.MAX_EXECUTIONS + 10;
        for (int i = 0; i < n; i++) {
            long t = T0 + i * 2000L;
            b.events().statement(statement(i % 4, t, t + 1000, "select 1"));
        }
        RunModel run = build(b);
        assertThat(run.statements().executions()).isEqualTo(n);
        assertThat(run.statements().droppedExecutions()).isEqualTo(10);
        assertThat(run.notes())
                .contains("10 statement executions beyond the first 500000 were counted but not"
                        + " kept: how many ran at once is read before the first of them");
    }

    /** On the reactive stack a statement belongs to its request by id, wherever it ran. */
    @Test
    void reactiveStatementsJoinTheirRequestByItsId() {
        RunModelBuilder b = new RunModelBuilder();
        Events.ThreadRef loop = new Events.ThreadRef(7, 707, "reactor-http-epoll-1", false);
        Events.ThreadRef other = new Events.ThreadRef(8, 808, "reactor-tcp-epoll-2", false);
        for (int i = 0; i < 5; i++) {
            long t = T0 + i * 100 * MS;
            String id = "r-" + i;
            b.events().r2dbcHold(new Events.R2dbcHold(other, t + 10 * MS, t + 90 * MS, "pool", id, "c1"));
            for (int j = 0; j < 3; j++) {
                long s = t + (20 + 20 * j) * MS;
                b.events().statement(new Events.Statement(other, s, s + 10 * MS,
                        "SELECT name FROM product WHERE id = $1", "r2dbcExecute", -1, 0, true, "c1", id));
            }
            b.events().request(new Events.Request(loop, t, t + 100 * MS, id, "GET", "/api/shelves/" + i, 200,
                    "netty"));
        }
        Statements st = build(b).statements();
        assertThat(st.inRequests().requests()).isEqualTo(5);
        assertThat(st.inRequests().statementMs()).isEqualTo(150.0);
        assertThat(st.inRequests().holdShare()).isCloseTo(30.0 / 80, within(1e-9));
        Statements.Use use = st.top().use();
        assertThat(use.perRequest()).isEqualTo(3.0);
        assertThat(use.repeatMs()).isEqualTo(100.0);
        assertThat(use.paths()).extracting(Statements.PathUse::path).containsExactly("GET /api/shelves/{n}");
    }
}
