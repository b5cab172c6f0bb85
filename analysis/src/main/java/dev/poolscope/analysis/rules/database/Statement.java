package dev.poolscope.analysis.rules.database;

/** How a statement's text is quoted in a sentence: in backquotes, cut to a length a sentence can carry. */
final class Statement {
    static final int SHORT = 120;

    private Statement() {
    }

    static String shortText(String sql) {
        String s = sql == null || sql.isEmpty() ? "(text unknown)" : sql;
        return "`" + (s.length() > SHORT ? s.substring(0, SHORT - 1) + "…" : s) + "`";
    }
}
