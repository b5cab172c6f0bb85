package dev.poolscope.agent;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static net.bytebuddy.matcher.ElementMatchers.takesNoArguments;

import dev.poolscope.agent.lettuce.CommandStamp;
import dev.poolscope.agent.loops.LoopHooks;
import dev.poolscope.agent.netty.ExchangeStamp;
import dev.poolscope.agent.r2dbc.PoolStamp;

import java.lang.reflect.Modifier;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.implementation.FieldAccessor;

/**
 * The reactive stack's hooks, added to {@link Instrumenter}'s builder: Reactor Netty's HTTP exchanges, r2dbc-pool
 * over reactor-pool, Lettuce's reactive API, and Netty's event loops (unless {@code loopStall=0}).
 */
final class ReactiveInstrumentation {
    private static final String PKG = "dev.poolscope.agent.";

    private ReactiveInstrumentation() {
    }

    static AgentBuilder add(AgentBuilder builder, AgentBuilder.Transformer.ForAdvice advice) {
        AgentBuilder b = builder
                // Reactor Netty: the exchange is made once the request head is decoded; afterInboundComplete()
                // runs only from terminate(), once it is over.
                .type(named("reactor.netty.http.server.HttpServerOperations"))
                .transform(stamp(ExchangeStamp.FIELD, ExchangeStamp.class))
                .transform(advice
                        .advice(isConstructor().and(takesArgument(0, named("reactor.netty.Connection"))),
                                PKG + "netty.NettyAdvice$Created")
                        .advice(named("afterInboundComplete").and(takesNoArguments()),
                                PKG + "netty.NettyAdvice$Ended"))
                // r2dbc-pool, and reactor-pool underneath it.
                .type(named("io.r2dbc.pool.ConnectionPool"))
                .transform(advice.advice(isConstructor().and(takesArguments(1)),
                        PKG + "r2dbc.R2dbcAdvice$Created"))
                .type(named("reactor.pool.AbstractPool$Borrower"))
                .transform(stamp(PoolStamp.FIELD, PoolStamp.class))
                .transform(advice.advice(isConstructor(), PKG + "r2dbc.R2dbcAdvice$Subscribed")
                        .advice(named("deliver").and(takesArguments(1)), PKG + "r2dbc.R2dbcAdvice$Delivered")
                        .advice(named("fail").and(takesArguments(1)), PKG + "r2dbc.R2dbcAdvice$Failed")
                        .advice(named("cancel").and(takesNoArguments()), PKG + "r2dbc.R2dbcAdvice$Cancelled"))
                .type(named("reactor.pool.AbstractPool$AbstractPooledRef"))
                .transform(stamp(PoolStamp.FIELD, PoolStamp.class))
                .transform(advice.advice(
                        namedOneOf("markReleased", "markDestroy", "markSoftInvalidate")
                                .and(takesNoArguments()),
                        PKG + "r2dbc.R2dbcAdvice$Returned"))
                // Lettuce's reactive API.
                .type(named("io.lettuce.core.RedisPublisher$RedisSubscription"))
                .transform(advice.advice(named("subscribe").and(takesArguments(1)),
                        PKG + "lettuce.ReactiveLettuceAdvice$Subscribe"))
                .type(named("io.lettuce.core.RedisPublisher$SubscriptionCommand"))
                .transform(stamp(CommandStamp.FIELD, CommandStamp.class))
                .transform(advice
                        .advice(named("doOnComplete").and(takesNoArguments()),
                                PKG + "lettuce.ReactiveLettuceAdvice$Complete")
                        .advice(named("doOnError").and(takesArguments(1)),
                                PKG + "lettuce.ReactiveLettuceAdvice$Fail"))
                // Declared by the wrapper only; other wrappers carry no stamp and are passed over.
                .type(named("io.lettuce.core.protocol.CommandWrapper"))
                .transform(advice.advice(named("cancel").and(takesNoArguments()),
                        PKG + "lettuce.ReactiveLettuceAdvice$Fail"));
        if (!LoopHooks.enabled()) {
            return b;
        }
        return b
                .type(named("io.netty.channel.nio.NioEventLoop"))
                .transform(advice.advice(named("processSelectedKey").and(takesArguments(2))
                        .and(takesArgument(1, named("io.netty.channel.nio.AbstractNioChannel"))),
                        PKG + "loops.LoopAdvice$Io"))
                .type(named("io.netty.channel.epoll.EpollEventLoop"))
                .transform(advice.advice(named("processReady").and(takesArguments(2)),
                        PKG + "loops.LoopAdvice$Io"))
                .type(named("io.netty.util.concurrent.AbstractEventExecutor"))
                .transform(advice.advice(named("safeExecute").and(takesArguments(1)),
                        PKG + "loops.LoopAdvice$Task"));
    }

    /** A field of our own on a host class, behind an interface, so state rides with the object to any thread. */
    private static AgentBuilder.Transformer stamp(String field, Class<?> accessor) {
        return (builder, type, loader, module, pd) -> builder
                .defineField(field, Object.class, Modifier.PRIVATE | Modifier.VOLATILE)
                .implement(accessor).intercept(FieldAccessor.ofField(field));
    }
}
