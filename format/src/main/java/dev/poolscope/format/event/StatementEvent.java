package dev.poolscope.format.event;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One SQL statement execution: a JDBC {@code execute*} call on its thread, or an R2DBC {@code Statement.execute()}
 * from subscription to completion. The text is normalised (literals out, whitespace folded, bounded), so the
 * executions of one statement share one {@code sql}.
 */
@Name(StatementEvent.NAME)
@Label("SQL Statement")
@Category("poolscope")
@Description("One SQL statement execution: a JDBC execute call, or an R2DBC Statement.execute() from subscription to completion")
@StackTrace(false)
public final class StatementEvent extends Event {
    public static final String NAME = "poolscope.Statement";
    public static final String SQL = "sql";
    public static final String KIND = "kind";
    public static final String ROWS = "rows";
    public static final String BATCH_SIZE = "batchSize";
    public static final String SUCCESS = "success";
    public static final String CONNECTION_ID = "connectionId";
    public static final String REQUEST_ID = "requestId";
    /** The values of {@link #KIND}: the JDBC method called, or an R2DBC execution. */
    public static final String KIND_EXECUTE = "execute", KIND_EXECUTE_QUERY = "executeQuery",
            KIND_EXECUTE_UPDATE = "executeUpdate", KIND_EXECUTE_LARGE_UPDATE = "executeLargeUpdate",
            KIND_EXECUTE_BATCH = "executeBatch", KIND_EXECUTE_LARGE_BATCH = "executeLargeBatch",
            KIND_R2DBC = "r2dbcExecute";
    /** The longest {@link #SQL}, in chars; a longer text is cut and ends with {@link #SQL_CUT}. */
    public static final int SQL_MAX_CHARS = 2000;
    /** Ends a {@link #SQL} that was cut at {@link #SQL_MAX_CHARS} or not scanned to its end. */
    public static final String SQL_CUT = "…";

    @Name(SQL)
    @Label("SQL")
    @Description("The statement's text normalised: literals as ?, lists of them as one, comments out, whitespace folded; empty when unknown")
    public String sql;
    @Name(KIND)
    @Label("Kind")
    public String kind;
    @Name(ROWS)
    @Label("Rows")
    @Description("Rows the call changed as the driver returned them (a batch: their sum); -1 when not known without extra work")
    public long rows = -1;
    @Name(BATCH_SIZE)
    @Label("Batch Size")
    @Description("Statements in the batch; 0 when the call is not a batch")
    public int batchSize;
    @Name(SUCCESS)
    @Label("Success")
    public boolean success;
    @Name(CONNECTION_ID)
    @Label("Connection Id")
    @Description("The physical connection, as in ConnectionHold and R2dbcHold; empty when unknown")
    public String connectionId;
    @Name(REQUEST_ID)
    @Label("Request Id")
    @Description("The request, read from the Reactor Context (R2DBC); empty for JDBC, whose request is its thread's")
    public String requestId;
}
