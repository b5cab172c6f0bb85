package dev.poolscope.agent.statements;

import net.bytebuddy.asm.Advice;

/**
 * Advice inlined into the classes that implement {@code java.sql.Connection} and {@code java.sql.Statement}, whichever
 * driver or pool they belong to. Never loaded by the agent. Each passes plain values to {@link StatementHooks}; the
 * host's own exceptions go on untouched ({@code onThrowable} only looks at them).
 */
final class JdbcAdvice {
    private JdbcAdvice() {
    }

    /**
     * {@code Connection.prepareStatement(sql, …)} and {@code prepareCall(sql, …)}, and R2DBC's
     * {@code Connection.createStatement(sql)}: the statement's text is known.
     */
    static final class Prepare {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.This Object self) {
            return StatementHooks.creating(self);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.Return Object statement,
                @Advice.Argument(0) String sql) {
            StatementHooks.created(token, statement, sql);
        }
    }

    /** {@code Connection.createStatement(…)}: each execution passes its own text. */
    static final class Create {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.This Object self) {
            return StatementHooks.creating(self);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.Return Object statement) {
            StatementHooks.created(token, statement, null);
        }
    }

    /** {@code execute(sql, …)}, {@code executeQuery(sql)}: no update count without extra work. */
    static final class ExecuteSql {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self, @Advice.Argument(0) String sql,
                @Advice.Origin("#m") String kind, @Advice.Thrown Throwable thrown) {
            StatementHooks.executed(token, self, sql, kind, -1L, thrown == null);
        }
    }

    /** {@code executeUpdate(sql, …)}. */
    static final class UpdateSql {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self, @Advice.Argument(0) String sql,
                @Advice.Origin("#m") String kind, @Advice.Return int rows, @Advice.Thrown Throwable thrown) {
            StatementHooks.executed(token, self, sql, kind, thrown == null ? rows : -1L, thrown == null);
        }
    }

    /** {@code executeLargeUpdate(sql, …)}. */
    static final class LargeUpdateSql {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self, @Advice.Argument(0) String sql,
                @Advice.Origin("#m") String kind, @Advice.Return long rows, @Advice.Thrown Throwable thrown) {
            StatementHooks.executed(token, self, sql, kind, thrown == null ? rows : -1L, thrown == null);
        }
    }

    /** A prepared statement's {@code execute()}, {@code executeQuery()}. */
    static final class Execute {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self,
                @Advice.Origin("#m") String kind,
                @Advice.Thrown Throwable thrown) {
            StatementHooks.executed(token, self, null, kind, -1L, thrown == null);
        }
    }

    /** A prepared statement's {@code executeUpdate()}. */
    static final class Update {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self,
                @Advice.Origin("#m") String kind,
                @Advice.Return int rows, @Advice.Thrown Throwable thrown) {
            StatementHooks.executed(token, self, null, kind, thrown == null ? rows : -1L, thrown == null);
        }
    }

    /** A prepared statement's {@code executeLargeUpdate()}. */
    static final class LargeUpdate {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self,
                @Advice.Origin("#m") String kind,
                @Advice.Return long rows, @Advice.Thrown Throwable thrown) {
            StatementHooks.executed(token, self, null, kind, thrown == null ? rows : -1L, thrown == null);
        }
    }

    /** {@code executeBatch()}. */
    static final class Batch {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self,
                @Advice.Origin("#m") String kind,
                @Advice.Return int[] counts, @Advice.Thrown Throwable thrown) {
            StatementHooks.executedBatch(token, self, kind, thrown == null ? counts : null, thrown == null);
        }
    }

    /** {@code executeLargeBatch()}. */
    static final class LargeBatch {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.enter();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self,
                @Advice.Origin("#m") String kind,
                @Advice.Return long[] counts, @Advice.Thrown Throwable thrown) {
            StatementHooks.executedLargeBatch(token, self, kind, thrown == null ? counts : null,
                    thrown == null);
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
