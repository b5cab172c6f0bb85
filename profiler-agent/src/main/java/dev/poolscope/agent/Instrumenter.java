package dev.poolscope.agent;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;
import static net.bytebuddy.matcher.ElementMatchers.takesNoArguments;

import dev.poolscope.agent.hikari.BorrowStamp;
import dev.poolscope.agent.lettuce.CommandStamp;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Modifier;
import java.util.concurrent.atomic.AtomicBoolean;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.scaffold.TypeValidation;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.implementation.bytecode.member.MethodInvocation;
import net.bytebuddy.utility.JavaModule;

/**
 * Wraps the host's code paths by class and method name. Advice classes are named, never loaded here: ByteBuddy
 * reads them together with the host's class loader, so Hikari, Lettuce and servlet types resolve only inside
 * a host that has them. From premain nothing is retransformed; attached to a running JVM, the classes already
 * loaded are (see {@link #install}).
 */
final class Instrumenter {
    private static final String PKG = "dev.poolscope.agent.";
    private static final AtomicBoolean ERROR_LOGGED = new AtomicBoolean();

    private Instrumenter() {
    }

    /**
     * {@code attached} false (premain): only classes loaded from now on are touched, and Hikari's
     * {@code ProxyConnection} and Lettuce's {@code AsyncCommand} get a field each. {@code attached} true (a
     * running JVM): classes already loaded are retransformed too, which may not add fields, so those two carry
     * their state in a weak identity map instead, and pools constructed before are met at their next use.
     */
    static void install(Instrumentation inst, boolean attached) throws NoSuchMethodException {
        // Nexus self-injection is unused here (advice only) and its set-up calls sun.misc.Unsafe, which JDK 24+
        // warns about on the host's stderr. The property name follows the relocated package.
        System.setProperty(ByteBuddy.class.getPackageName() + ".nexus.disabled", "true");
        Advice.ExceptionHandler countSuppressed = new Advice.ExceptionHandler.Simple(MethodInvocation
                .invoke(new MethodDescription.ForLoadedMethod(
                        Suppressed.class.getMethod("record", Throwable.class))));
        AgentBuilder.Transformer.ForAdvice advice = new AgentBuilder.Transformer.ForAdvice()
                .include(Instrumenter.class.getClassLoader()).withExceptionHandler(countSuppressed);

        AgentBuilder.Identified.Extendable hooks = base(attached)
                // Requests: the servers' filter chains, and HttpServlet.service when a server calls it directly.
                .type(namedOneOf("org.apache.catalina.core.ApplicationFilterChain",
                        "org.eclipse.jetty.ee10.servlet.ServletHandler$Chain",
                        "org.eclipse.jetty.ee10.servlet.ServletHandler$ChainEnd",
                        "io.undertow.servlet.handlers.FilterHandler$FilterChainImpl"))
                .transform(advice.advice(named("doFilter").and(takesArguments(2)),
                        PKG + "request.RequestAdvice"))
                .type(named("jakarta.servlet.http.HttpServlet"))
                .transform(advice.advice(named("service").and(takesArguments(2))
                        .and(takesArgument(0, named("jakarta.servlet.ServletRequest"))),
                        PKG + "request.RequestAdvice"))
                // HikariCP.
                .type(named("com.zaxxer.hikari.pool.HikariPool"))
                .transform(attached
                        ? advice.advice(named("getConnection").and(takesArguments(long.class)),
                                PKG + "hikari.HikariAdvice$Seen")
                        : advice.advice(isConstructor().and(takesArguments(1)),
                                PKG + "hikari.HikariAdvice$Created"))
                .transform(advice.advice(named("getConnection").and(takesArguments(long.class)),
                        PKG + "hikari.HikariAdvice$GetConnection"));
        if (attached) {
            hooks = hooks.type(named("com.zaxxer.hikari.pool.HikariPool$HouseKeeper"))
                    .transform(advice.advice(named("run").and(takesNoArguments()),
                            PKG + "hikari.HikariAdvice$HouseKeeping"));
        }
        // A field cannot be added on retransformation: attached, the state goes to a weak identity map.
        AgentBuilder.Transformer borrowStamp = attached
                ? Instrumenter::unchanged
                : Instrumenter::addBorrowStamp;
        AgentBuilder.Transformer commandStamp = attached
                ? Instrumenter::unchanged
                : Instrumenter::addCommandStamp;
        hooks = hooks.type(named("com.zaxxer.hikari.pool.ProxyConnection")).transform(borrowStamp)
                .transform(advice.advice(named("close").and(takesNoArguments()),
                        PKG + "hikari.HikariAdvice$Close"))
                // Lettuce.
                .type(named("io.lettuce.core.RedisChannelHandler"))
                .transform(advice.advice(named("dispatch").and(takesArguments(1))
                        .and(takesArgument(0, named("io.lettuce.core.protocol.RedisCommand"))),
                        PKG + "lettuce.LettuceAdvice$Dispatch"))
                .type(named("io.lettuce.core.protocol.AsyncCommand")).transform(commandStamp)
                .transform(advice
                        .advice(named("complete").and(takesNoArguments()),
                                PKG + "lettuce.LettuceAdvice$Complete")
                        .advice(named("completeExceptionally")
                                .or(named("cancel").and(takesArguments(boolean.class))),
                                PKG + "lettuce.LettuceAdvice$Fail"))
                .type(namedOneOf("io.lettuce.core.LettuceFutures", "io.lettuce.core.internal.Futures"))
                .transform(advice.advice(named("awaitOrCancel").and(takesArguments(3)),
                        PKG + "lettuce.LettuceAdvice$Await"))
                // Worker pools: captured when constructed, or at their next task when constructed before.
                .type(namedOneOf("org.apache.tomcat.util.threads.ThreadPoolExecutor",
                        "org.eclipse.jetty.util.thread.QueuedThreadPool", "org.xnio.XnioWorker"))
                .transform(attached
                        ? advice.advice(named("execute").and(takesArguments(Runnable.class)),
                                PKG + "workers.WorkerPoolAdvice$Executing")
                        : advice.advice(isConstructor(), PKG + "workers.WorkerPoolAdvice"));
        // Reactor Netty / R2DBC add fields too: attached, their already-loaded classes are refused and left unchanged.
        HttpInstrumentation.add(ReactiveInstrumentation.add(hooks, advice), advice, inst).installOn(inst);
        StatementInstrumentation.install(base(attached), advice, attached, inst);
    }

    /** The builder every set of hooks starts from. */
    private static AgentBuilder base(boolean attached) {
        AgentBuilder builder = new AgentBuilder.Default(new ByteBuddy().with(TypeValidation.DISABLED));
        if (attached) {
            // One class per retransformation, so a class the JVM refuses does not take the others with it.
            builder = builder.disableClassFormatChanges()
                    .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                    .with(AgentBuilder.RedefinitionStrategy.BatchAllocator.ForFixedSize.ofSize(1));
        } else {
            builder = builder.with(AgentBuilder.TypeStrategy.Default.REDEFINE)
                    .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                    .with(AgentBuilder.RedefinitionStrategy.DISABLED);
        }
        return builder.with(AgentBuilder.InjectionStrategy.Disabled.INSTANCE)
                .with(AgentBuilder.PoolStrategy.Default.FAST).with(new ErrorListener())
                .ignore(nameStartsWith("net.bytebuddy.").or(nameStartsWith(PKG)).or(nameStartsWith("java."))
                        .or(nameStartsWith("jdk.").and(not(named(HttpInstrumentation.JDK_CLIENT))))
                        .or(nameStartsWith("sun.")));
    }

    private static DynamicType.Builder<?> unchanged(DynamicType.Builder<?> builder, TypeDescription type,
            ClassLoader loader, JavaModule module, java.security.ProtectionDomain pd) {
        return builder;
    }

    private static DynamicType.Builder<?> addBorrowStamp(DynamicType.Builder<?> builder, TypeDescription type,
            ClassLoader loader, JavaModule module, java.security.ProtectionDomain pd) {
        return builder.defineField(BorrowStamp.FIELD, Object.class, Modifier.PRIVATE | Modifier.VOLATILE)
                .implement(BorrowStamp.class).intercept(FieldAccessor.ofField(BorrowStamp.FIELD));
    }

    private static DynamicType.Builder<?> addCommandStamp(DynamicType.Builder<?> builder,
            TypeDescription type,
            ClassLoader loader, JavaModule module, java.security.ProtectionDomain pd) {
        return builder.defineField(CommandStamp.FIELD, Object.class, Modifier.PRIVATE | Modifier.VOLATILE)
                .implement(CommandStamp.class).intercept(FieldAccessor.ofField(CommandStamp.FIELD));
    }

    /** A class the agent could not instrument keeps its original code; say so once, count the rest. */
    private static final class ErrorListener extends AgentBuilder.Listener.Adapter {
        @Override
        public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded,
                Throwable throwable) {
            Suppressed.count(throwable);
            if (ERROR_LOGGED.compareAndSet(false, true)) {
                AgentLog.info("could not instrument " + typeName + " (left unchanged): " + throwable);
            }
        }
    }
}
