package dev.poolscope.app.ledger;

/**
 * The slow-query case's SQL, one definition for both stacks: a {@code ledger} of N rows over {@value #ACCOUNTS}
 * accounts, made over JDBC on both ({@link LedgerSetUp}), and one account's balance (over R2DBC on the reactive
 * stack), which reads the whole table unless {@code account_id} is indexed.
 */
public final class LedgerSql {
    public static final int ACCOUNTS = 100_000;
    /** Instances sharing one database (run --instances) make the ledger one at a time, in a transaction. */
    public static final String LOCK = "select pg_advisory_xact_lock(24001)";
    public static final String EXISTS = "select to_regclass('public.ledger') is not null";
    public static final String COUNT = "select count(*) from ledger";
    public static final String DROP = "drop table if exists ledger";
    public static final String CREATE = "create table ledger (id bigint primary key, account_id bigint not null,"
            + " amount numeric(12, 2) not null, note text not null)";
    public static final String ANALYZE = "analyze ledger";
    public static final String INDEX = "create index if not exists ledger_account on ledger (account_id)";
    public static final String NO_INDEX = "drop index if exists ledger_account";
    public static final String OFF = "no ledger: start the app with --slow-query-rows N";

    private LedgerSql() {
    }

    /** The rows, made by generate_series in the database itself. */
    public static String fill(long rows) {
        return "insert into ledger (id, account_id, amount, note) select g, 1 + g % " + ACCOUNTS
                + ", round((g % 9973) / 100.0, 2), 'entry ' || g from generate_series(1, " + rows + ") g";
    }

    /** One account's entries and balance; {@code parameter} is the driver's placeholder for the account. */
    public static String balance(String parameter) {
        return "select count(*) as entries, coalesce(sum(amount), 0) as balance from ledger where account_id = "
                + parameter;
    }

    /** Null when the id names an account, else why not. */
    public static String invalidAccount(long accountId) {
        return accountId < 1 || accountId > ACCOUNTS
                ? "account id must be between 1 and " + ACCOUNTS + ", got " + accountId
                : null;
    }
}
