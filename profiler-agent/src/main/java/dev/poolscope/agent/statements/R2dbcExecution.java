package dev.poolscope.agent.statements;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.WeakIdentityMap;
import dev.poolscope.agent.netty.NettyHooks;
import dev.poolscope.format.event.StatementEvent;

import java.lang.reflect.Method;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One R2DBC {@code Statement.execute()}, timed from the subscription of the {@code Flux<Result>} it returns until that
 * Flux has ended and every {@code Result} it emitted has been consumed: a driver emits a Result before its rows have
 * arrived (r2dbc-postgresql's Flux completes in microseconds while the query runs on), so the rows are the statement's
 * time. The advice hangs these hooks on the publishers with Reactor's own operators, and only JDK types cross into the
 * agent: {@code contextWrite} reads the request from the subscriber's Reactor Context (the key the Netty hooks put
 * there), {@code doOnSubscribe} begins, {@code doOnNext} marks each Result, {@code doFinally} on the Flux and on each
 * Result's {@code map}/{@code flatMap}/{@code getRowsUpdated} publisher ends. An error is a failure; a cancel is not (a
 * consumer such as {@code Mono.from} cancels once it has what it wants). Rows are known when the app itself reads
 * {@code getRowsUpdated}. An execution whose Results are never consumed is not recorded.
 */
final class R2dbcExecution implements Consumer<Object> {
    /** The Results emitted and not consumed yet, by identity: an entry lives from emission to consumption. */
    private static final WeakIdentityMap<R2dbcExecution> RESULTS = new WeakIdentityMap<>();
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
    private StatementEvent event;
    private boolean executionEnded;
    private int resultsOpen;
    private boolean failed;
    private long rows = -1;

    R2dbcExecution(String sql, String connectionId) {
        this.sql = sql;
        this.connectionId = connectionId;
    }

    /** {@code doOnSubscribe} of the execution's Flux. */
    @Override
    public void accept(Object subscription) {
        try {
            StatementEvent e = new StatementEvent();
            e.begin();
            synchronized (this) {
                event = e;
                executionEnded = false;
                resultsOpen = 0;
                failed = false;
                rows = -1;
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    Consumer<Object> onResult() {
        return this::emitted;
    }

    Consumer<Object> onFinally() {
        return this::executionEnded;
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

    private void emitted(Object result) {
        try {
            synchronized (this) {
                resultsOpen++;
            }
            RESULTS.put(result, this);
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** {@code doFinally} of the execution's Flux, with Reactor's {@code SignalType}. */
    private void executionEnded(Object signal) {
        try {
            synchronized (this) {
                executionEnded = true;
                failed |= isError(signal);
            }
            commitWhenDone();
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** A Result's consumption begins: the token for its end, or null when the Result is none of ours. */
    static Consumption consuming(Object result) {
        R2dbcExecution x = result == null ? null : RESULTS.remove(result);
        return x == null ? null : new Consumption(x);
    }

    /** {@code Result.filter} made a new Result standing for the old one. */
    static void filtered(Object result, Object filtered) {
        R2dbcExecution x = result == null || filtered == null ? null : RESULTS.remove(result);
        if (x != null) {
            RESULTS.put(filtered, x);
        }
    }

    private void resultEnded(Object signal, long resultRows) {
        synchronized (this) {
            resultsOpen--;
            failed |= isError(signal);
            if (resultRows >= 0) {
                rows = Math.max(rows, 0) + resultRows;
            }
        }
        commitWhenDone();
    }

    private void commitWhenDone() {
        StatementEvent e;
        boolean success;
        long r;
        synchronized (this) {
            if (event == null || !executionEnded || resultsOpen > 0) {
                return;
            }
            e = event;
            event = null;
            success = !failed;
            r = rows;
        }
        e.end();
        if (e.shouldCommit()) {
            e.sql = sql;
            e.kind = StatementEvent.KIND_R2DBC;
            e.rows = r;
            e.batchSize = 0;
            e.success = success;
            e.connectionId = connectionId;
            e.requestId = requestId;
            e.commit();
        }
    }

    /** A signal of the agent's own for a consuming call that threw. */
    static final Object FAILED = new Object();

    private static boolean isError(Object signal) {
        return signal == FAILED || signal instanceof Enum<?> s && s.name().equals("ON_ERROR");
    }

    /** One Result being consumed: {@code doOnNext} of {@code getRowsUpdated} adds its count, {@code doFinally} ends. */
    static final class Consumption implements Consumer<Object> {
        private final R2dbcExecution execution;
        private volatile long rows = -1;

        Consumption(R2dbcExecution execution) {
            this.execution = execution;
        }

        Consumer<Object> onRows() {
            return n -> {
                if (n instanceof Number count) {
                    rows = Math.max(rows, 0) + count.longValue();
                }
            };
        }

        @Override
        public void accept(Object signal) {
            try {
                execution.resultEnded(signal, rows);
            } catch (Throwable t) {
                Suppressed.record(t);
            }
        }
    }
}
