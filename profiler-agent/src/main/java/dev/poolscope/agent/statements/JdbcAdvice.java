package dev.poolscope.agent.statements;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/**
 * Advice inlined into the classes that implement {@code java.sql.Connection} and {@code java.sql.Statement}, whichever
 * driver or pool they belong to. Never loaded by the agent. Each passes plain values to {@link StatementHooks}; the
 * host's own exceptions go on untouched ({@code onThrowable} only looks at them). An execution is {@link Timed}'s
 * enter with one of the exits, which reads what the method returned: an update count (boxed: the hook takes any
 * {@code Number}), update counts of a batch, or something else (a ResultSet, a boolean) that says no count.
 */
final class JdbcAdvice {
    private JdbcAdvice() {
    }

    /**
     * A connection makes a statement: {@code prepareStatement(sql, …)} and {@code prepareCall(sql, …)}, whose text is
     * known now, {@code createStatement(…)}, whose executions pass their own, and R2DBC's {@code createStatement(sql)}.
     */
    static final class Create {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.This Object self) {
            return StatementHooks.creating(self);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.Return Object statement,
                @Advice.Argument(value = 0, optional = true, typing = Assigner.Typing.DYNAMIC) Object first) {
            StatementHooks.created(token, statement, first instanceof String sql ? sql : null);
        }
    }

    /** The enter of every {@code execute*}: times the thread's outermost. */
    static final class Timed {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }
    }

    /**
     * {@code execute}, {@code executeQuery}, {@code executeUpdate}, {@code executeLargeUpdate}: with the text as first
     * argument (a Statement's) or none (a prepared statement's).
     */
    static final class Executed {
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self,
                @Advice.Argument(value = 0, optional = true) Object first, @Advice.Origin("#m") String kind,
                @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object returned,
                @Advice.Thrown Throwable thrown) {
            StatementHooks.executed(token, self, first instanceof String sql ? sql : null, kind, returned,
                    thrown == null);
        }
    }

    /** {@code executeBatch()}, {@code executeLargeBatch()}: their update counts. */
    static final class ExecutedBatch {
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self,
                @Advice.Origin("#m") String kind,
                @Advice.Return(typing = Assigner.Typing.DYNAMIC) Object counts,
                @Advice.Thrown Throwable thrown) {
            StatementHooks.executedBatch(token, self, kind, counts, thrown == null);
        }
    }

    /** {@code addBatch(sql)}: a Statement's batch of texts. */
    static final class AddBatchSql {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object self, @Advice.Argument(0) String sql) {
            StatementHooks.addBatch(self, sql);
        }
    }

    /** A prepared statement's {@code addBatch()}. */
    static final class AddBatch {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object self) {
            StatementHooks.addBatch(self, null);
        }
    }

    /** {@code clearBatch()}. */
    static final class ClearBatch {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object self) {
            StatementHooks.clearBatch(self);
        }
    }
}
