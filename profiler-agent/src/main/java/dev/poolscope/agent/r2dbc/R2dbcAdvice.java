package dev.poolscope.agent.r2dbc;

import dev.poolscope.agent.netty.NettyHooks;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import net.bytebuddy.asm.Advice;
import reactor.core.CoreSubscriber;
import reactor.pool.PooledRef;

/**
 * Advice inlined into r2dbc-pool's and reactor-pool's own classes; their types resolve there. Never loaded by the
 * agent. Only public reactor-pool types are named: the advice compiles outside its package.
 */
final class R2dbcAdvice {
    private R2dbcAdvice() {
    }

    /** {@code ConnectionPool(ConnectionPoolConfiguration)}: remember the pool for events, gauges and metadata. */
    static final class Created {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object self, @Advice.Argument(0) Object config,
                @Advice.FieldValue("connectionPool") Object pool,
                @Advice.FieldValue("maxAcquireTime") Duration maxAcquireTime) {
            R2dbcHooks.poolCreated(self, pool, config, maxAcquireTime);
        }
    }

    /**
     * reactor-pool's {@code Borrower(CoreSubscriber, AbstractPool, Duration)}, made when an acquire is subscribed:
     * the subscriber's context names the request.
     */
    static final class Subscribed {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object self, @Advice.Argument(0) CoreSubscriber<?> actual,
                @Advice.Argument(1) Object pool) {
            if (R2dbcHooks.tracked(pool)) {
                R2dbcHooks.acquireBegin(self, pool,
                        actual.currentContext().getOrDefault(NettyHooks.CONTEXT_KEY, null));
            }
        }
    }

    /**
     * {@code Borrower.deliver(AbstractPooledRef)}: before the subscriber gets the connection (it may run its whole
     * query, and release it, inside this call). A borrower already cancelled hands it straight back.
     */
    static final class Delivered {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object self, @Advice.Argument(0) Object ref) {
            if (((AtomicBoolean) self).get()) {
                R2dbcHooks.acquireEnd(self, R2dbcHooks.CANCELLED, null, null);
            } else {
                R2dbcHooks.acquireEnd(self, R2dbcHooks.ACQUIRED, ref, ((PooledRef<?>) ref).poolable());
            }
        }
    }

    /** {@code Borrower.fail(Throwable)}. */
    static final class Failed {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object self) {
            R2dbcHooks.acquireEnd(self, R2dbcHooks.FAILED, null, null);
        }
    }

    /** {@code Borrower.cancel()}: after a delivery this finds nothing left to end. */
    static final class Cancelled {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Object self) {
            R2dbcHooks.acquireEnd(self, R2dbcHooks.CANCELLED, null, null);
        }
    }

    /** {@code AbstractPooledRef.markReleased/markDestroy/markSoftInvalidate()}: true when this call did it. */
    static final class Returned {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object self, @Advice.Return boolean done) {
            if (done) {
                R2dbcHooks.holdEnd(self);
            }
        }
    }
}
