package dev.poolscope.agent;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isBridge;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.returns;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.poolscope.agent.statements.StatementHooks;
import dev.poolscope.agent.statements.StatementStamp;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Modifier;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * The statement hooks, a transformer of their own beside {@link Instrumenter}'s: every class that implements JDBC's {@code Connection}
 * or {@code Statement}, or R2DBC's, whichever driver, pool or spy it belongs to. A class is looked at only when it
 * declares one of the methods by name, so the type hierarchy of the host's other classes is never walked. Attached to
 * a running JVM no field can be added: statements then carry their state in a weak map.
 */
final class StatementInstrumentation {
    private static final String PKG = "dev.poolscope.agent.statements.";
    private static final String FLUX = "reactor.core.publisher.Flux", MONO = "reactor.core.publisher.Mono",
            PUBLISHER = "org.reactivestreams.Publisher";
    /** The executions that are not batches: each returns a ResultSet, a boolean or an update count. */
    private static final ElementMatcher.Junction<MethodDescription> EXECUTE = namedOneOf("execute",
            "executeQuery",
            "executeUpdate", "executeLargeUpdate");
    private static final String[] EXECUTES = {"execute", "executeQuery", "executeUpdate",
            "executeLargeUpdate",
            "executeBatch", "executeLargeBatch", "addBatch", "clearBatch"};

    private StatementInstrumentation() {
    }

    /**
     * From premain the hooks' transformer only sees classes whose constant pool names a {@code java.sql} or
     * {@code io.r2dbc} type ({@link SqlClassFilter}): matching by declared methods would make ByteBuddy parse every
     * class the host loads (23 to 140 us each, 21,000 in the lab app). Attached, the classes already loaded are
     * retransformed through ByteBuddy's own installation.
     */
    static void install(AgentBuilder base, AgentBuilder.Transformer.ForAdvice advice, boolean attached,
            Instrumentation inst) {
        if (!StatementHooks.enabled()) {
            return;
        }
        AgentBuilder hooks = add(base, advice, attached);
        if (attached) {
            hooks.installOn(inst);
        } else {
            inst.addTransformer(new SqlClassFilter(hooks.makeRaw()), false);
        }
    }

    private static AgentBuilder add(AgentBuilder builder, AgentBuilder.Transformer.ForAdvice advice,
            boolean attached) {
        AgentBuilder.Transformer stamp = attached
                ? (b, type, loader, module, pd) -> b
                : (b, type, loader, module, pd) -> b
                        .defineField(StatementStamp.FIELD, Object.class, Modifier.PRIVATE | Modifier.VOLATILE)
                        .implement(StatementStamp.class)
                        .intercept(FieldAccessor.ofField(StatementStamp.FIELD));
        ElementMatcher.Junction<MethodDescription> body = isPublic().and(not(isStatic()))
                .and(not(isAbstract()))
                .and(not(isBridge()));
        ElementMatcher.Junction<MethodDescription> textFirst = body.and(takesArgument(0, String.class));
        ElementMatcher.Junction<MethodDescription> none = body.and(takesArguments(0));
        return builder
                // JDBC connections: where a statement gets its text and its connection.
                .type(not(isInterface())
                        .and(declaresMethod(namedOneOf("prepareStatement", "prepareCall", "createStatement")))
                        .and(hasSuperType(named("java.sql.Connection"))))
                .transform(advice
                        .advice(textFirst.and(namedOneOf("prepareStatement", "prepareCall"))
                                .or(body.and(named("createStatement"))), PKG + "JdbcAdvice$Create"))
                // JDBC statements (prepared and callable ones are statements too).
                .type(not(isInterface()).and(declaresMethod(namedOneOf(EXECUTES)))
                        .and(hasSuperType(named("java.sql.Statement"))))
                .transform(stamp)
                .transform(advice
                        .advice(textFirst.or(none).and(EXECUTE), PKG + "JdbcAdvice$Timed",
                                PKG + "JdbcAdvice$Executed")
                        .advice(none.and(named("executeBatch").and(returns(int[].class))
                                .or(named("executeLargeBatch").and(returns(long[].class)))),
                                PKG + "JdbcAdvice$Timed", PKG + "JdbcAdvice$ExecutedBatch")
                        .advice(body.and(named("addBatch")).and(takesArguments(String.class)),
                                PKG + "JdbcAdvice$AddBatchSql")
                        .advice(none.and(named("addBatch")), PKG + "JdbcAdvice$AddBatch")
                        .advice(none.and(named("clearBatch")), PKG + "JdbcAdvice$ClearBatch"))
                // R2DBC.
                .type(not(isInterface()).and(declaresMethod(named("createStatement")))
                        .and(hasSuperType(named("io.r2dbc.spi.Connection"))))
                .transform(advice.advice(textFirst.and(named("createStatement")).and(takesArguments(1)),
                        PKG + "JdbcAdvice$Create"))
                .type(not(isInterface()).and(declaresMethod(named("execute")))
                        .and(hasSuperType(named("io.r2dbc.spi.Statement"))))
                .transform(stamp)
                .transform(advice.advice(
                        none.and(named("execute")).and(returns(named(FLUX).or(named(PUBLISHER)))),
                        PKG + "R2dbcStatementAdvice$Execute"))
                .type(not(isInterface()).and(declaresMethod(namedOneOf("map", "flatMap", "getRowsUpdated")))
                        .and(hasSuperType(named("io.r2dbc.spi.Result"))))
                .transform(advice
                        .advice(body.and(namedOneOf("map", "flatMap")).and(takesArguments(1))
                                .and(returns(named(FLUX).or(named(PUBLISHER))))
                                .or(none.and(named("getRowsUpdated"))
                                        .and(returns(named(MONO).or(named(FLUX)).or(named(PUBLISHER))))),
                                PKG + "R2dbcStatementAdvice$Consume")
                        .advice(body.and(named("filter")).and(takesArguments(1)),
                                PKG + "R2dbcStatementAdvice$Filter"));
    }
}
