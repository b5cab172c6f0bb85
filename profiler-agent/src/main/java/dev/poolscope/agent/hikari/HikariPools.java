package dev.poolscope.agent.hikari;

import dev.poolscope.agent.Suppressed;

import java.lang.ref.WeakReference;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The Hikari pools seen so far, held weakly, read by reflection through their public API (the agent itself
 * never links against HikariCP).
 */
public final class HikariPools {
    static final int ACTIVE = 0, IDLE = 1, WAITING = 2, TOTAL = 3;
    private static final CopyOnWriteArrayList<Pool> POOLS = new CopyOnWriteArrayList<>();
    private static final ClassValue<Method[]> STATE = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            return methods(type, "getActiveConnections", "getIdleConnections", "getThreadsAwaitingConnection",
                    "getTotalConnections");
        }
    };
    private static final ClassValue<Method[]> CONFIG = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            return methods(type, "getMaximumPoolSize", "getConnectionTimeout");
        }
    };

    private HikariPools() {
    }

    record Pool(WeakReference<Object> pool, WeakReference<Object> config, String name) {
    }

    /** What metadata.json says about a pool. */
    public record Info(String name, int maximumPoolSize, long connectionTimeoutMs) {
    }

    static void add(Object pool, String name, Object config) {
        POOLS.add(new Pool(new WeakReference<>(pool), new WeakReference<>(config), name));
    }

    /** A pool met after construction (the agent attached later): its name and config read from the pool. */
    static synchronized void addIfAbsent(Object pool) throws ReflectiveOperationException {
        for (Pool p : live()) {
            if (p.pool().get() == pool) {
                return;
            }
        }
        Object config = null;
        for (Class<?> c = pool.getClass(); c != null && config == null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField("config");
                f.setAccessible(true);
                config = f.get(pool);
            } catch (NoSuchFieldException e) {
                // HikariCP keeps it in PoolBase; look further up.
            }
        }
        Object name = config == null ? null : config.getClass().getMethod("getPoolName").invoke(config);
        add(pool, name == null ? String.valueOf(pool) : name.toString(), config);
    }

    static List<Pool> live() {
        POOLS.removeIf(p -> p.pool().get() == null);
        return POOLS;
    }

    /** One of ACTIVE, IDLE, WAITING, TOTAL, or -1 if it cannot be read. */
    static int state(Object pool, int which) {
        try {
            return ((Number) STATE.get(pool.getClass())[which].invoke(pool)).intValue();
        } catch (Throwable t) {
            Suppressed.record(t);
            return -1;
        }
    }

    static int maxSize(Object config) {
        try {
            return config == null
                    ? -1
                    : ((Number) CONFIG.get(config.getClass())[0].invoke(config)).intValue();
        } catch (Throwable t) {
            Suppressed.record(t);
            return -1;
        }
    }

    static long connectionTimeoutMs(Object config) {
        try {
            return config == null
                    ? -1
                    : ((Number) CONFIG.get(config.getClass())[1].invoke(config)).longValue();
        } catch (Throwable t) {
            Suppressed.record(t);
            return -1;
        }
    }

    public static List<Info> infos() {
        List<Info> out = new ArrayList<>();
        for (Pool p : live()) {
            Object config = p.config().get();
            out.add(new Info(p.name(), maxSize(config), connectionTimeoutMs(config)));
        }
        return out;
    }

    /** Sum over pools for the console line: active, idle, waiting, max; null when there is no pool. */
    public static int[] totals() {
        List<Pool> pools = live();
        if (pools.isEmpty()) {
            return null;
        }
        int[] t = new int[4];
        for (Pool p : pools) {
            Object pool = p.pool().get();
            if (pool == null) {
                continue;
            }
            t[0] += state(pool, ACTIVE);
            t[1] += state(pool, IDLE);
            t[2] += state(pool, WAITING);
            t[3] += maxSize(p.config().get());
        }
        return t;
    }

    private static Method[] methods(Class<?> type, String... names) {
        Method[] m = new Method[names.length];
        for (int i = 0; i < names.length; i++) {
            try {
                m[i] = type.getMethod(names[i]);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type.getName() + " has no " + names[i] + "()", e);
            }
        }
        return m;
    }
}
