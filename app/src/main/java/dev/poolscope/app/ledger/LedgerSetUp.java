package dev.poolscope.app.ledger;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the ledger at start-up, over plain JDBC for both stacks (the reactive app too: its Flyway already talks JDBC
 * to the same database), in one transaction behind an advisory lock: instances sharing one database (run --instances)
 * make it one at a time, and a ledger that already has the rows asked for is kept.
 */
public final class LedgerSetUp {
    private static final Logger log = LoggerFactory.getLogger(LedgerSetUp.class);

    /** A connection to the app's database, opened once for the set-up. */
    public interface Connector {
        Connection open() throws SQLException;
    }

    private LedgerSetUp() {
    }

    /** Does nothing when the knobs ask for no ledger. */
    public static void run(LedgerKnobs knobs, Connector connector) {
        if (!knobs.enabled()) {
            return;
        }
        long start = System.nanoTime();
        try (Connection c = connector.open(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute(LedgerSql.LOCK);
            boolean fill = !queryBoolean(s, LedgerSql.EXISTS)
                    || queryLong(s, LedgerSql.COUNT) != knobs.rows();
            if (fill) {
                s.execute(LedgerSql.DROP);
                s.execute(LedgerSql.CREATE);
                s.executeUpdate(LedgerSql.fill(knobs.rows()));
                s.execute(LedgerSql.ANALYZE);
            }
            s.execute(knobs.index() ? LedgerSql.INDEX : LedgerSql.NO_INDEX);
            c.commit();
            log.info(knobs.madeIn(fill, start));
        } catch (SQLException e) {
            throw new IllegalStateException("could not make the ledger of " + knobs.rows() + " rows: " + e,
                    e);
        }
    }

    private static boolean queryBoolean(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    private static long queryLong(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : -1;
        }
    }
}
