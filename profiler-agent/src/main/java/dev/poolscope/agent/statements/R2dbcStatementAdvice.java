package dev.poolscope.agent.statements;

import java.util.function.Consumer;
import java.util.function.Function;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Advice inlined into the classes that implement R2DBC's {@code Statement} and {@code Result}; Reactor's types resolve
 * there. Never loaded by the agent. (R2DBC's {@code Connection.createStatement(sql)} takes {@link JdbcAdvice.Create}.)
 * See {@link R2dbcExecution} for what is timed.
 */
final class R2dbcStatementAdvice {
    private R2dbcStatementAdvice() {
    }

    /**
     * {@code Statement.execute()} returning a {@code Flux} (declared {@code Flux} or {@code Publisher}): the same Flux
     * with the execution's hooks on it. Any other publisher is returned as it is, unrecorded.
     */
    static final class Execute {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return StatementHooks.r2dbcEnter();
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object token, @Advice.This Object self,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object result) {
            Object x = StatementHooks.r2dbcExecution(token, self);
            if (x != null && result instanceof Flux) {
                result = ((Flux) result).doOnSubscribe((Consumer) x)
                        .doOnNext((Consumer) StatementHooks.r2dbcResult(x))
                        .doFinally((Consumer) StatementHooks.r2dbcFinally(x))
                        .contextWrite((Function) StatementHooks.r2dbcContext(x));
            }
        }
    }

    /**
     * {@code Result.map(…)}, {@code flatMap(…)}, {@code getRowsUpdated()}: the publisher that consumes a Result of a
     * recorded execution, with the hook that ends it (and, on {@code getRowsUpdated}'s Mono, the one that reads the
     * count the app asked for).
     */
    static final class Consume {
        @SuppressWarnings({"unchecked", "rawtypes"})
        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.This Object self,
                @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object result,
                @Advice.Thrown Throwable thrown) {
            Object c = StatementHooks.r2dbcConsuming(self);
            if (c == null) {
                return;
            }
            if (thrown == null && result instanceof Mono) {
                result = ((Mono) result).doOnNext((Consumer) StatementHooks.r2dbcRows(c))
                        .doFinally((Consumer) c);
            } else if (thrown == null && result instanceof Flux) {
                result = ((Flux) result).doFinally((Consumer) c);
            } else {
                StatementHooks.r2dbcConsumed(c, thrown != null);
            }
        }
    }

    /** {@code Result.filter(…)}: the Result it returns stands for this one. */
    static final class Filter {
        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.This Object self, @Advice.Return Object filtered) {
            StatementHooks.r2dbcFiltered(self, filtered);
        }
    }
}
