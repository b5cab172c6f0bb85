package dev.poolscope.agent.workers;

import dev.poolscope.agent.Suppressed;
import dev.poolscope.agent.request.RequestStats;
import dev.poolscope.format.event.WorkerPoolEvent;

import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jdk.jfr.FlightRecorder;

/**
 * The web servers' worker pools, captured at construction and held weakly. Each server exposes busy, size,
 * max and queue under different names; they are read by reflection once a second, never per request.
 */
public final class WorkerPools {
    private static final CopyOnWriteArrayList<Pool> POOLS = new CopyOnWriteArrayList<>();

    private WorkerPools() {
    }

    /** A snapshot: busy, size, max, queued (-1 when unknown). */
    public record Gauge(String server, int busy, int size, int max, int queued) {
    }

    public static void constructed(Object pool, String declaringType) {
        try {
            for (Pool p : POOLS) {
                // Constructors chain (this(...)); each link runs the advice.
                if (p.ref().get() == pool) {
                    return;
                }
            }
            Kind kind = Kind.of(declaringType);
            if (kind != null) {
                POOLS.add(new Pool(new WeakReference<>(pool), kind));
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private static volatile WeakReference<Object> lastSeen = new WeakReference<>(null);

    public static void seen(Object pool, String declaringType) {
        if (lastSeen.get() == pool) {
            return;
        }
        synchronized (POOLS) {
            constructed(pool, declaringType);
        }
        lastSeen = new WeakReference<>(pool);
    }

    // The request pool as the reads saw it. metadata.json is written at shutdown, when the server may have stopped
    // and its pool been collected (the reference is weak): the maximum it had is still the run's.
    private static volatile Gauge requestPool;

    /**
     * The server's request pool: of every pool any {@link #gauges()} read, the one with the largest maximum (Tomcat and
     * Jetty may keep more than one pool; the request pool is the largest). Null before a read found one with a maximum.
     */
    public static Gauge requestPool() {
        return requestPool;
    }

    public static List<Gauge> gauges() {
        POOLS.removeIf(p -> p.ref().get() == null);
        List<Gauge> out = new ArrayList<>();
        for (Pool p : POOLS) {
            Object pool = p.ref().get();
            if (pool != null) {
                Gauge g = p.kind().read(pool);
                Gauge r = requestPool;
                if (g.max() > 0 && (r == null || g.max() > r.max())) {
                    requestPool = g;
                }
                out.add(g);
            }
        }
        if (RequestStats.sawVirtualThread()) {
            int active = RequestStats.active();
            out.add(new Gauge(RequestStats.lastServer(), active, active, -1, -1));
        }
        return out;
    }

    public static void register() {
        FlightRecorder.register(WorkerPoolEvent.class);
        FlightRecorder.addPeriodicEvent(WorkerPoolEvent.class, WorkerPools::sample);
    }

    public static Class<? extends jdk.jfr.Event> eventType() {
        return WorkerPoolEvent.class;
    }

    private static void sample() {
        try {
            for (Gauge g : gauges()) {
                WorkerPoolEvent e = new WorkerPoolEvent();
                e.server = g.server();
                e.busy = g.busy();
                e.size = g.size();
                e.max = g.max();
                e.queued = g.queued();
                e.commit();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    private record Pool(WeakReference<Object> ref, Kind kind) {
    }

    /** How one server's pool names its numbers. */
    enum Kind {
        TOMCAT("org.apache.tomcat.util.threads.ThreadPoolExecutor", "tomcat", "getActiveCount", "getPoolSize",
                "getMaximumPoolSize", "getQueue"), JETTY("org.eclipse.jetty.util.thread.QueuedThreadPool",
                        "jetty", "getBusyThreads", "getThreads",
                        "getMaxThreads", "getQueueSize"), UNDERTOW("org.xnio.XnioWorker", "undertow",
                                "getBusyWorkerThreadCount", "getWorkerPoolSize",
                                "getMaxWorkerPoolSize", "getWorkerQueueSize");

        final String typeName;
        final String server;
        final String[] getters;
        private final ClassValue<Method[]> methods = new ClassValue<>() {
            @Override
            protected Method[] computeValue(Class<?> type) {
                Method[] m = new Method[getters.length];
                for (int i = 0; i < getters.length; i++) {
                    m[i] = find(type, getters[i]);
                }
                return m;
            }
        };

        Kind(String typeName, String server, String... getters) {
            this.typeName = typeName;
            this.server = server;
            this.getters = getters;
        }

        static Kind of(String declaringType) {
            for (Kind k : values()) {
                if (k.typeName.equals(declaringType)) {
                    return k;
                }
            }
            return null;
        }

        Gauge read(Object pool) {
            Method[] m = methods.get(pool.getClass());
            return new Gauge(server, call(m[0], pool), call(m[1], pool), call(m[2], pool), call(m[3], pool));
        }

        private static int call(Method m, Object target) {
            if (m == null) {
                return -1;
            }
            try {
                Object v = m.invoke(target);
                if (v instanceof Collection<?> queue) {
                    return queue.size();
                }
                return v instanceof Number n ? n.intValue() : -1;
            } catch (Throwable t) {
                Suppressed.record(t);
                return -1;
            }
        }

        /** Public or not (XNIO's are protected final): the host's classes live in unnamed modules. */
        private static Method find(Class<?> type, String name) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                try {
                    Method m = c.getDeclaredMethod(name);
                    m.setAccessible(true);
                    return m;
                } catch (NoSuchMethodException e) {
                    // Try the superclass.
                } catch (RuntimeException e) {
                    Suppressed.record(e);
                    return null;
                }
            }
            return null;
        }
    }
}
