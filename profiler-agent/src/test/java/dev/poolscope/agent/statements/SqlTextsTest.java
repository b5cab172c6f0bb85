package dev.poolscope.agent.statements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SqlTextsTest {

    @Test
    void aTextIsNormalisedOnce() {
        String sql = "select * from t where id = ? /* SqlTextsTest */";
        assertSame(SqlTexts.normalized(sql), SqlTexts.normalized(new String(sql)));
    }

    /** An app that inlines its literals makes a new text per execution: the cache stays within its bound. */
    @Test
    void newTextsPerExecutionKeepTheCacheBounded() {
        String padding = "x".repeat(900);
        for (int i = 0; i < 20_000; i++) {
            assertEquals("select ? from t where id = ?",
                    SqlTexts.normalized("select '" + padding + "' from t where id = " + i));
            assertTrue(SqlTexts.chars() <= SqlTexts.MAX_CHARS, SqlTexts.chars() + " chars");
        }
        assertTrue(SqlTexts.size() > 100, "it still caches: " + SqlTexts.size());
    }

    @Test
    void aHugeTextIsNotKeptNorReadWhole() {
        int before = SqlTexts.size();
        String huge = "select 1 where 'a' = '" + "y".repeat(5_000_000) + "'";
        assertEquals("select ? where ? = ?…", SqlTexts.normalized(huge));
        assertTrue(SqlTexts.size() <= before, "not cached");
    }
}
