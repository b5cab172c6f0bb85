package dev.poolscope.agent.lettuce;

import dev.poolscope.agent.netty.NettyHooks;

import io.lettuce.core.protocol.RedisCommand;
import net.bytebuddy.asm.Advice;
import reactor.core.CoreSubscriber;

/**
 * Advice inlined into Lettuce's reactive API ({@code RedisPublisher}): its commands are not {@code AsyncCommand}s,
 * so they get their own stamp, and the subscriber's Reactor Context names the request. Never loaded by the agent.
 */
final class ReactiveLettuceAdvice {
    private ReactiveLettuceAdvice() {
    }

    /** {@code RedisSubscription.subscribe(Subscriber)}: the command is dispatched later, on demand. */
    static final class Subscribe {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(0) Object subscriber,
                @Advice.FieldValue("subscriptionCommand") Object command) {
            if (subscriber instanceof CoreSubscriber<?> core) {
                RedisHooks.subscribed(command,
                        core.currentContext().getOrDefault(NettyHooks.CONTEXT_KEY, null));
            }
        }
    }

    /** {@code SubscriptionCommand.doOnComplete()}, run by {@code complete()}: the reply arrived (on the event loop). */
    static final class Complete {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This RedisCommand<?, ?, ?> command) {
            RedisHooks.completed(command, command.getType(), true);
        }
    }

    /** {@code SubscriptionCommand.doOnError(Throwable)} and {@code CommandWrapper.cancel()}. */
    static final class Fail {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This RedisCommand<?, ?, ?> command) {
            RedisHooks.completed(command, command.getType(), false);
        }
    }
}
