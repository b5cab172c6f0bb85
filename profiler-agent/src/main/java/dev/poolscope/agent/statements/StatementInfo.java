package dev.poolscope.agent.statements;

import dev.poolscope.agent.ConnectionIds;
import dev.poolscope.format.event.StatementEvent;

/**
 * What a statement carries from its creation to its executions: the physical connection's identity, the text it was
 * prepared with (normalised once, when first recorded) and the batch being built. A statement is used by one thread
 * at a time (JDBC does not promise more); a race between two only loses a batch count.
 */
final class StatementInfo {
    /** Distinct texts kept of a Statement's batch (addBatch(sql)); more are counted, not named. */
    static final int BATCH_TEXTS = 8;
    private final int connectionHash;
    private final boolean connectionKnown;
    private final String preparedSql;
    private String normalized;
    private int batchCount;
    private String[] batchTexts;
    private int batchTextCount;
    private boolean batchTextsCut;

    StatementInfo(Object connection, String preparedSql) {
        this.connectionKnown = connection != null;
        this.connectionHash = connection == null ? 0 : System.identityHashCode(connection);
        this.preparedSql = preparedSql;
    }

    String connectionId() {
        return connectionKnown ? ConnectionIds.of(connectionHash) : "";
    }

    /** The prepared text, normalised on first use; empty for a plain Statement. */
    String preparedSql() {
        String n = normalized;
        if (n == null) {
            n = preparedSql == null ? "" : SqlTexts.normalized(preparedSql);
            normalized = n;
        }
        return n;
    }

    void addBatch(String sql) {
        batchCount++;
        if (sql == null) {
            return;
        }
        String n = SqlTexts.normalized(sql);
        if (batchTexts == null) {
            batchTexts = new String[BATCH_TEXTS];
        }
        for (int k = 0; k < batchTextCount; k++) {
            if (batchTexts[k].equals(n)) {
                return;
            }
        }
        if (batchTextCount < BATCH_TEXTS) {
            batchTexts[batchTextCount++] = n;
        } else {
            batchTextsCut = true;
        }
    }

    int batchCount() {
        return batchCount;
    }

    /** The batch's text: the prepared one, or a Statement's distinct texts joined with "; ", bounded. */
    String batchSql() {
        if (batchTextCount == 0) {
            return preparedSql();
        }
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < batchTextCount; k++) {
            if (k > 0) {
                b.append("; ");
            }
            b.append(batchTexts[k]);
        }
        boolean cut = batchTextsCut;
        if (b.length() > StatementEvent.SQL_MAX_CHARS) {
            b.setLength(StatementEvent.SQL_MAX_CHARS);
            cut = true;
        }
        return cut && !b.toString().endsWith(StatementEvent.SQL_CUT)
                ? b + StatementEvent.SQL_CUT
                : b.toString();
    }

    /** executeBatch and clearBatch empty the batch (JDBC: whether the execution succeeded or not). */
    void clearBatch() {
        batchCount = 0;
        batchTextCount = 0;
        batchTextsCut = false;
        if (batchTexts != null) {
            java.util.Arrays.fill(batchTexts, null);
        }
    }
}
