package dev.poolscope.agent.statements;

import java.util.function.Consumer;
import java.util.function.Function;

import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import reactor.core.publisher.Flux;

/**
 * Advice inlined into the classes that implement R2DBC's {@code Statement}; Reactor's types resolve there. Never loaded
 * by the agent. (R2DBC's {@code Connection.createStatement(sql)} takes {@link JdbcAdvice.Prepare}.)
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
                        .doFinally((Consumer) StatementHooks.r2dbcFinally(x))
                        .contextWrite((Function) StatementHooks.r2dbcContext(x));
            }
        }
    }
}
