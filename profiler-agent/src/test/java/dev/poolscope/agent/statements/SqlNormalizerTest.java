package dev.poolscope.agent.statements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.poolscope.format.event.StatementEvent;

import org.junit.jupiter.api.Test;

class SqlNormalizerTest {
    private static String n(String sql) {
        return SqlNormalizer.normalize(sql);
    }

    @Test
    void numbersAndStringsAreOneStatement() {
        assertEquals("select * from product where id = ?", n("select * from product where id = 42"));
        assertEquals(n("select * from product where id = 42"), n("select * from product where id = 43"));
        assertEquals("select * from t where name = ? and price > ?",
                n("select * from t where name = 'O''Brien' and price > 3.5e-2"));
        assertEquals("update t set x = ?, y = ? where z = ?",
                n("update t set x = -1, y = .5 where z = 0xFF"));
        assertEquals("select a - ? from t", n("select a - 1 from t"));
        assertEquals("select ?::int, ? from t", n("select '7'::int, E'it\\'s' from t"));
        assertEquals("select ?, ? from t", n("select N'x', $body$ it's $1 $body$ from t"));
    }

    @Test
    void identifiersAndPlaceholdersStay() {
        assertEquals("select t1.col_2, \"Weird 42\" from t1 where a = ? and b = $2 and c = ?",
                n("select t1.col_2, \"Weird 42\" from t1 where a = ? and b = $2 and c = 5"));
        assertEquals("select `x1` from [tab 3]", n("select `x1` from [tab 3]"));
    }

    @Test
    void commentsAndWhitespaceFold() {
        assertEquals("select a from t where b = ?",
                n("  /* hint 42 */ select a\n\t-- the 'a' column\n  from   t\r\n where b = 'x' -- end"));
    }

    @Test
    void listsCollapse() {
        assertEquals("select * from t where id in (?)", n("select * from t where id in (1, 2, 3)"));
        assertEquals("select * from t where id in (?)", n("select * from t where id in (?,?,?,?)"));
        assertEquals("select * from t where id in ($1)", n("select * from t where id in ($1, $2)"));
        assertEquals("insert into t (a, b) values (?)",
                n("insert into t (a, b) values (1, 'x'), (2, 'y'), (3, 'z')"));
        assertEquals("select * from t where (a, b) in ((?))",
                n("select * from t where (a, b) in ((1, 2), (3, 4))"));
        assertEquals("select count(*), coalesce(a, ?), now() from t",
                n("select count(*), coalesce(a, 0), now() from t"));
        assertEquals("select * from t where id in (select id from u where v = ?)",
                n("select * from t where id in (select id from u where v = 9)"));
    }

    @Test
    void boundedInWhatItReadsAndWrites() {
        String huge = "select * from t where id in (" + "1, ".repeat(1_000_000) + "2)";
        String out = n(huge);
        assertTrue(out.length() <= StatementEvent.SQL_MAX_CHARS + StatementEvent.SQL_CUT.length(), out);
        assertTrue(out.startsWith("select * from t where id in (?"), out);
        assertTrue(out.endsWith(StatementEvent.SQL_CUT), out);
        String wide = "select " + "column_with_a_long_name, ".repeat(200) + "x from t";
        String w = n(wide);
        assertEquals(StatementEvent.SQL_MAX_CHARS + StatementEvent.SQL_CUT.length(), w.length());
        assertEquals("select ?" + StatementEvent.SQL_CUT, n("select '" + "x".repeat(20_000) + "'"));
    }

    @Test
    void brokenTextDoesNotThrow() {
        for (String s : new String[]{"'", "\"", "$$", "$a$ never closed", "/* open", "-- only", "((((",
                "))))",
                "select (1", "E'\\", "0x", "1e", "-", "?", "$", "[", "`"}) {
            n(s);
        }
        assertEquals("", n(""));
        assertEquals("", n(null));
        assertEquals("select (?", n("select (1"));
        assertEquals("select ?)", n("select 1)"));
    }
}
