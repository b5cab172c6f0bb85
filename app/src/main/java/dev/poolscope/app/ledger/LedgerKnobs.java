package dev.poolscope.app.ledger;

/**
 * {@code lab.slow-query.rows} and {@code lab.slow-query.index}, as both stacks read them: how many ledger rows to make
 * (0: no ledger) and whether {@code account_id} is indexed.
 */
public record LedgerKnobs(long rows, boolean index) {

    public LedgerKnobs {
        if (rows < 0) {
            throw new IllegalArgumentException("lab.slow-query.rows must be at least 0, got " + rows);
        }
    }

    public boolean enabled() {
        return rows > 0;
    }

    /** The start-up log line: what was made and how long it took. */
    String madeIn(boolean filled, long startNanos) {
        return "ledger: " + rows + " rows over " + LedgerSql.ACCOUNTS + " accounts, "
                + (index ? "account_id indexed" : "account_id not indexed") + " ("
                + (filled ? "filled" : "kept")
                + "), " + (System.nanoTime() - startNanos) / 1_000_000 + " ms";
    }
}
