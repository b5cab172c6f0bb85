package dev.poolscope.agent.lettuce;

import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.RedisCommand;
import net.bytebuddy.asm.Advice;

/** Advice inlined into Lettuce's own classes; Lettuce types resolve there. Never loaded by the agent. */
final class LettuceAdvice {
    private LettuceAdvice() {
    }

    /** {@code RedisChannelHandler.dispatch(RedisCommand)}: the command leaves the caller. */
    static final class Dispatch {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object command) {
            RedisHooks.dispatched(command);
        }
    }

    /** {@code AsyncCommand.complete()}: the reply arrived (on the event loop). */
    static final class Complete {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This AsyncCommand<?, ?, ?> command) {
            RedisHooks.completed(command, command.getType(), true);
        }
    }

    /** {@code AsyncCommand.completeExceptionally(Throwable)} and {@code cancel(boolean)}. */
    static final class Fail {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This AsyncCommand<?, ?, ?> command) {
            RedisHooks.completed(command, command.getType(), false);
        }
    }

    /** {@code LettuceFutures/Futures.awaitOrCancel(RedisFuture, long, TimeUnit)}: the caller's wait. */
    static final class Await {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static Object enter() {
            return RedisHooks.waitBegin();
        }

        @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
        static void exit(@Advice.Enter Object wait, @Advice.Argument(0) Object future,
                @Advice.Thrown Throwable thrown) {
            Object type = null;
            if (future instanceof RedisCommand<?, ?, ?> command) {
                type = command.getType();
            }
            RedisHooks.waitEnd(wait, type, thrown == null);
        }
    }
}
