package dev.poolscope.agent.statements;

import dev.poolscope.format.event.StatementEvent;

/**
 * Turns a statement's text into the one text all its executions share: literals out ({@code id = 42} and
 * {@code id = 43} are both {@code id = ?}), a parenthesised list of placeholders written as its first ({@code IN (1,
 * 2, 3)} and Hibernate's padded {@code in (?,?,?,?)} are {@code IN (?)} and {@code in (?)}; the rows of a multi-row
 * {@code VALUES} are one), {@code ?} and {@code $1} placeholders and quoted identifiers kept, comments out, whitespace
 * folded to one space. Bounded: at most {@link #SCAN_CHARS} of the text are read and
 * {@link StatementEvent#SQL_MAX_CHARS} written, so a text of megabytes costs what one of a few KB does.
 *
 * <p>
 * One pass, no regular expressions. Not a SQL parser: it knows the lexical forms of literals (quotes with doubled
 * quotes, E'' with backslash escapes, N'' X'' B'' prefixes, PostgreSQL's dollar quoting, numbers with signs, decimals,
 * exponents and hex) and nothing of the grammar. Over 300 lines because it is one lexer: its states share the
 * position and the output buffer, and splitting them would copy both into every part.
 */
final class SqlNormalizer {
    /** How much of a text is read at most. */
    static final int SCAN_CHARS = 8192;
    private static final int MAX = StatementEvent.SQL_MAX_CHARS;
    private static final int MAX_DEPTH = 64;

    private final String in;
    private final int end;
    private final StringBuilder out;
    /** Per open parenthesis: where it is in the output, and whether it holds placeholders and commas only. */
    private final int[] groupStart = new int[MAX_DEPTH];
    private final boolean[] groupPlain = new boolean[MAX_DEPTH];
    private int depth;
    private int i;
    private boolean pendingSpace;

    private SqlNormalizer(String sql) {
        this.in = sql;
        this.end = Math.min(sql.length(), SCAN_CHARS);
        this.out = new StringBuilder(Math.min(end, MAX) + 8);
    }

    static String normalize(String sql) {
        if (sql == null || sql.isEmpty()) {
            return "";
        }
        return new SqlNormalizer(sql).run();
    }

    private String run() {
        while (i < end && out.length() < MAX) {
            char c = in.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                pendingSpace = true;
            } else if (c == '-' && peek(1) == '-') {
                skipLineComment();
            } else if (c == '/' && peek(1) == '*') {
                skipBlockComment();
            } else if (c == '\'') {
                skipQuoted(false);
                literal();
            } else if (c == '"' || c == '`') {
                copyQuoted(c);
            } else if (c == '[' && isIdentifierStart(peek(1))) {
                copyQuoted(']');
            } else if (c == '$' && isDigit(peek(1))) {
                int from = i++;
                skipDigits();
                placeholder(from);
            } else if (c == '$' && dollarTag() > 0) {
                skipDollarQuoted(dollarTag());
                literal();
            } else if (c == '?') {
                int from = i++;
                skipDigits();
                placeholder(from);
            } else if (numberAt(0) || (c == '-' && numberAt(1) && unaryHere())) {
                if (c == '-') {
                    i++;
                }
                skipNumber();
                literal();
            } else if (isIdentifierStart(c)) {
                word();
            } else if (c == '(') {
                i++;
                open();
            } else if (c == ')') {
                i++;
                close();
            } else if (c == ',') {
                i++;
                pendingSpace = false;
                out.append(',');
                pendingSpace = true;
            } else {
                emit(i, ++i);
                notPlain();
            }
        }
        boolean cut = i < in.length();
        if (out.length() > MAX) {
            out.setLength(MAX);
            cut = true;
        }
        return cut ? out.append(StatementEvent.SQL_CUT).toString() : out.toString();
    }

    private char peek(int ahead) {
        int k = i + ahead;
        return k < end ? in.charAt(k) : '\0';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A number starts {@code ahead} chars from here: a digit, or a point and a digit. */
    private boolean numberAt(int ahead) {
        char c = peek(ahead);
        return isDigit(c) || (c == '.' && isDigit(peek(ahead + 1)));
    }

    private static boolean isIdentifierStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '@' || c == '#';
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '@' || c == '#';
    }

    /** A minus is a number's sign after an operator, an opening, a comma or at the start; else it subtracts. */
    private boolean unaryHere() {
        int k = out.length() - 1;
        while (k >= 0 && out.charAt(k) == ' ') {
            k--;
        }
        return k < 0 || "=<>(,+-*/%".indexOf(out.charAt(k)) >= 0;
    }

    private void skipDigits() {
        while (i < end && isDigit(in.charAt(i))) {
            i++;
        }
    }

    private void skipLineComment() {
        while (i < end && in.charAt(i) != '\n') {
            i++;
        }
        pendingSpace = true;
    }

    private void skipBlockComment() {
        i += 2;
        while (i < end && !(in.charAt(i) == '*' && peek(1) == '/')) {
            i++;
        }
        i = Math.min(end, i + 2);
        pendingSpace = true;
    }

    /** From an opening quote past its closing one; a doubled quote (and, in E'', a backslash) escapes. */
    private void skipQuoted(boolean backslash) {
        i++;
        while (i < end) {
            char c = in.charAt(i);
            if (backslash && c == '\\') {
                i += 2;
            } else if (c == '\'' && peek(1) == '\'') {
                i += 2;
            } else {
                i++;
                if (c == '\'') {
                    return;
                }
            }
        }
        i = Math.min(i, end);
    }

    /** A quoted identifier is a name, not a literal: kept as it is. */
    private void copyQuoted(char close) {
        int from = i++;
        while (i < end && in.charAt(i) != close) {
            i++;
        }
        i = Math.min(end, i + 1);
        emit(from, i);
        notPlain();
    }

    /** The length of the {@code $tag$} starting here (PostgreSQL's dollar quoting), else 0. */
    private int dollarTag() {
        int k = i + 1;
        while (k < end && in.charAt(k) != '$' && isIdentifierPart(in.charAt(k))) {
            k++;
        }
        return k < end && in.charAt(k) == '$' ? k - i + 1 : 0;
    }

    private void skipDollarQuoted(int tagLength) {
        int close = in.indexOf(in.substring(i, i + tagLength), i + tagLength);
        i = close < 0 || close + tagLength > end ? end : close + tagLength;
    }

    private void skipNumber() {
        if (in.charAt(i) == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
            i += 2;
            while (i < end && Character.digit(in.charAt(i), 16) >= 0) {
                i++;
            }
            return;
        }
        while (i < end && (isDigit(in.charAt(i)) || in.charAt(i) == '.')) {
            i++;
        }
        if (i < end && (in.charAt(i) == 'e' || in.charAt(i) == 'E')) {
            int k = i + 1;
            if (k < end && (in.charAt(k) == '+' || in.charAt(k) == '-')) {
                k++;
            }
            if (k < end && isDigit(in.charAt(k))) {
                i = k;
                skipDigits();
            }
        }
    }

    private void word() {
        int from = i;
        while (i < end && isIdentifierPart(in.charAt(i))) {
            i++;
        }
        // E'...', N'...', X'...', B'...': one literal with its prefix.
        if (i - from == 1 && i < end && in.charAt(i) == '\'') {
            char p = Character.toUpperCase(in.charAt(from));
            if (p == 'E' || p == 'N' || p == 'X' || p == 'B') {
                skipQuoted(p == 'E');
                literal();
                return;
            }
        }
        emit(from, i);
        notPlain();
    }

    private void literal() {
        space();
        out.append('?');
    }

    private void placeholder(int from) {
        emit(from, i);
    }

    private void open() {
        space();
        out.append('(');
        if (depth < MAX_DEPTH) {
            groupStart[depth] = out.length() - 1;
            groupPlain[depth] = true;
        }
        depth++;
    }

    /**
     * Closes a group. One that held placeholders only is written as its first ({@code (?, ?, ?)} as {@code (?)}), and
     * such a group right after an identical one and a comma goes (the rows of a multi-row VALUES). Either counts as a
     * placeholder in the group around it.
     */
    private void close() {
        pendingSpace = false;
        if (depth == 0) {
            out.append(')');
            return;
        }
        depth--;
        if (depth >= MAX_DEPTH || !groupPlain[depth] || groupStart[depth] >= out.length() - 1) {
            out.append(')');
            notPlain();
            return;
        }
        int start = groupStart[depth];
        int firstEnd = start + 1;
        while (firstEnd < out.length() && out.charAt(firstEnd) != ',') {
            firstEnd++;
        }
        out.setLength(firstEnd);
        out.append(')');
        int length = out.length() - start;
        // "…(?), (?)": the same group after ", " goes.
        int previous = start - 2 - length;
        if (previous >= 0 && out.charAt(start - 2) == ',' && out.charAt(start - 1) == ' '
                && out.substring(previous, start - 2).contentEquals(out.subSequence(start, out.length()))) {
            out.setLength(start - 2);
        }
    }

    /** The innermost open group holds something other than placeholders. */
    private void notPlain() {
        if (depth > 0 && depth <= MAX_DEPTH) {
            groupPlain[depth - 1] = false;
        }
    }

    private void space() {
        if (pendingSpace && !out.isEmpty() && out.charAt(out.length() - 1) != '(') {
            out.append(' ');
        }
        pendingSpace = false;
    }

    private void emit(int from, int to) {
        space();
        out.append(in, from, Math.min(to, from + MAX));
    }
}
