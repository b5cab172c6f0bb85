package dev.poolscope.agent.statements;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.netty.NettyHooks;
import dev.poolscope.format.event.StatementEvent;

import java.lang.reflect.Method;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One R2DBC {@code Statement.execute()}: the advice hangs these hooks on the publisher it returns, with Reactor's own
 * operators, and only JDK types cross into the agent. {@code contextWrite} reads the request from the subscriber's
 * Reactor Context (the key the Netty hooks put there), {@code doOnSubscribe} begins the event, {@code doFinally} ends
 * it: an error is a failure; a cancel is not (a consumer such as {@code Mono.from} cancels once it has what it wants).
 * A publisher subscribed twice (a retry) is timed from its last subscription.
 */
final class R2dbcExecution implements Consumer<Object> {
    /** {@code ContextView.getOrDefault} of each context class; the agent cannot name Reactor's types. */
    private static final ClassValue<Method> GET_OR_DEFAULT = new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
            try {
                return Class.forName("reactor.util.context.ContextView", false, type.getClassLoader())
                        .getMethod("getOrDefault", Object.class, Object.class);
            } catch (ReflectiveOperationException | LinkageError e) {
                return null;
            }
        }
    };
    private final String sql;
    private final String connectionId;
    private volatile String requestId = "";
    private volatile StatementEvent event;

    R2dbcExecution(String sql, String connectionId) {
        this.sql = sql;
        this.connectionId = connectionId;
    }

    /** {@code doOnSubscribe}. */
    @Override
    public void accept(Object subscription) {
        try {
            StatementEvent e = new StatementEvent();
            e.begin();
            event = e;
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    Consumer<Object> onFinally() {
        return this::end;
    }

    Function<Object, Object> onContext() {
        return this::readRequest;
    }

    private Object readRequest(Object context) {
        try {
            Method m = context == null ? null : GET_OR_DEFAULT.get(context.getClass());
            if (m != null) {
                requestId = NettyHooks.requestIdOf(m.invoke(context, NettyHooks.CONTEXT_KEY, null));
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
        return context;
    }

    /** {@code doFinally}, with Reactor's {@code SignalType}. */
    private void end(Object signal) {
        try {
            StatementEvent e = event;
            event = null;
            if (e == null) {
                return;
            }
            e.end();
            if (e.shouldCommit()) {
                e.sql = sql;
                e.kind = StatementEvent.KIND_R2DBC;
                e.rows = -1;
                e.batchSize = 0;
                e.success = !(signal instanceof Enum<?> s && s.name().equals("ON_ERROR"));
                e.connectionId = connectionId;
                e.requestId = requestId;
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }
}
