package dev.poolscope.agent.hikari;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.pool.HikariPool;
import net.bytebuddy.asm.Advice;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Advice inlined into HikariCP's own classes; Hikari types resolve there. Never loaded by the agent.
 */
final class HikariAdvice {
    private HikariAdvice() {
    }

    /** {@code HikariPool(HikariConfig)}: remember the pool for gauges and metadata. */
    static final class Created {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This HikariPool pool, @Advice.Argument(0) HikariConfig config) {
            HikariHooks.poolCreated(pool, config.getPoolName(), config);
        }
    }

    /** {@code HikariPool.getConnection(long)}: the wait, and the start of the hold. */
    static final class GetConnection {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.This HikariPool pool) {
            return HikariHooks.waitBegin(pool.getActiveConnections(), pool.getIdleConnections(),
                    pool.getThreadsAwaitingConnection(), pool.getTotalConnections());
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object wait, @Advice.This HikariPool pool,
                @Advice.Return Connection connection, @Advice.Thrown Throwable thrown) throws SQLException {
            Object physical = null;
            if (thrown == null && connection != null) {
                physical = connection.unwrap(Connection.class);
            }
            HikariHooks.waitEnd(wait, pool, connection, physical);
        }
    }

    /** {@code HikariPool.getConnection(long)} when the agent attached to a running JVM: finds pools made before. */
    static final class Seen {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This HikariPool pool) {
            HikariHooks.seen(pool);
        }
    }

    /**
     * {@code HikariPool.HouseKeeper.run()} when the agent attached to a running JVM: finds a pool made before that
     * nobody borrows from while the agent records (the housekeeper runs every 30 s by default, however idle the pool).
     */
    static final class HouseKeeping {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.FieldValue("this$0") Object pool) {
            HikariHooks.seen(pool);
        }
    }

    /** {@code ProxyConnection.close()}: the end of the hold (idempotent: only the first close counts). */
    static final class Close {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter(@Advice.This Object self) {
            return HikariHooks.holdTake(self);
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object borrow) {
            HikariHooks.holdEnd(borrow);
        }
    }
}
