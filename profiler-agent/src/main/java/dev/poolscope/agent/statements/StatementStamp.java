package dev.poolscope.agent.statements;

/**
 * Added to the classes that implement JDBC's and R2DBC's {@code Statement} (with a field behind it), so what is known
 * when the connection makes a statement (its SQL, its connection) travels with it to each execution.
 */
public interface StatementStamp {
    String FIELD = "poolscope$statement";

    Object poolscope$statement();

    void poolscope$statement(Object value);
}
