package dev.poolscope.analysis.rules.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.poolscope.analysis.model.Distribution;
import dev.poolscope.analysis.model.Statements;

/**
 * What of each connection hold is the database's, and so what a faster statement would take off the hold: index scans
 * whose work is 0.3 ms of a 1.5 ms execution on a busy host spent the rest waiting for a CPU when the database kept up
 * with more at once; a scan that slowed with more at once was queueing in the database, all of it its own.
 */
class DatabaseShareOfHoldTest {

    /** 1,000 executions of 1.5 ms (fastest tenth 0.3 ms) inside holds of 2.7 ms: 1.2 ms each beyond the work. */
    static Statements statements(Statements.Load load) {
        Statements.Statement top = new Statements.Statement("select ? from ledger where account_id = ?",
                1_000, 0,
                new Distribution(1_000, 1.4, 2.5, 3, 4, 1.5), 0.3, 1_500, 0, 0, 0, load, Statements.Use.NONE);
        return new Statements(1_000, 1, 1_500, 1_200, 0, 0, List.of(top),
                new Statements.InRequests(1_000, 13_000, 2_700, 1_500, 1_500, 0));
    }

    static Statements.Load load(double growth) {
        Statements.Level low = new Statements.Level(1, 100, 0.3, 1.4);
        Statements.Level high = new Statements.Level(4, 900, 0.3, 1.4 * Math.pow(4, growth));
        return new Statements.Load(List.of(low, high), growth, low, high);
    }

    @Test
    void aStatementThatKeptUpOwnsOnlyItsWorkOfTheHold() {
        // 1,500 of 2,700 ms of holds in statements (55.6%), of which 300 ms were their work: 11.1% of the hold.
        assertThat(DatabaseSlowRule.databaseShareOfHold(statements(load(0.1)))).isCloseTo(300.0 / 2_700,
                offset(1e-9));
    }

    @Test
    void aSaturatedDatabaseOwnsAllOfTheStatementTime() {
        assertThat(DatabaseSlowRule.databaseShareOfHold(statements(load(0.8)))).isCloseTo(1_500.0 / 2_700,
                offset(1e-9));
    }

    @Test
    void whenSaturationWasNotMeasurableTheStatementsKeepAllOfTheirTime() {
        assertThat(DatabaseSlowRule.databaseShareOfHold(statements(Statements.Load.NONE))).isCloseTo(
                1_500.0 / 2_700, offset(1e-9));
    }
}
