package dev.poolscope.agent.r2dbc;

import dev.poolscope.agent.Suppressed;

import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The r2dbc-pool {@code ConnectionPool}s seen so far, by the reactor-pool pool inside each, held weakly. Counts are
 * read by reflection through reactor-pool's public {@code InstrumentedPool.PoolMetrics} (the agent itself never
 * links against reactor-pool).
 */
public final class R2dbcPools {
    static final int ACQUIRED = 0, IDLE = 1, PENDING = 2, ALLOCATED = 3, MAX = 4, MAX_PENDING = 5;
    private static final String[] METRICS = {"acquiredSize", "idleSize", "pendingAcquireSize",
            "allocatedSize",
            "getMaxAllocatedSize", "getMaxPendingAcquireSize"};
    private static final CopyOnWriteArrayList<Pool> POOLS = new CopyOnWriteArrayList<>();
    private static final ClassValue<Method[]> READERS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            try {
                ClassLoader loader = type.getClassLoader();
                Method metrics = Class.forName("reactor.pool.InstrumentedPool", false, loader)
                        .getMethod("metrics");
                Class<?> pm = Class.forName("reactor.pool.InstrumentedPool$PoolMetrics", false, loader);
                Method[] m = new Method[METRICS.length + 1];
                m[0] = metrics;
                for (int i = 0; i < METRICS.length; i++) {
                    m[i + 1] = pm.getMethod(METRICS[i]);
                }
                return m;
            } catch (ReflectiveOperationException | LinkageError e) {
                Suppressed.record(e);
                return null;
            }
        }
    };

    private R2dbcPools() {
    }

    record Pool(WeakReference<Object> pool, String name, long maxAcquireTimeMs) {
    }

    /** What metadata.json says about a pool. */
    public record Info(String name, int maxSize, long maxAcquireTimeMs) {
    }

    static void add(Object pool, String name, Duration maxAcquireTime) {
        for (Pool p : POOLS) {
            if (p.pool().get() == pool) {
                return;
            }
        }
        long ms = maxAcquireTime == null || maxAcquireTime.isNegative() || maxAcquireTime.isZero()
                ? -1
                : maxAcquireTime.toMillis();
        POOLS.add(new Pool(new WeakReference<>(pool), name, ms));
    }

    /** The name of a registered pool, or null: reactor-pool also serves pools that are not R2DBC's. */
    static String nameOf(Object pool) {
        for (Pool p : POOLS) {
            if (p.pool().get() == pool) {
                return p.name();
            }
        }
        return null;
    }

    static List<Pool> live() {
        POOLS.removeIf(p -> p.pool().get() == null);
        return POOLS;
    }

    /** Fills {@code out} (length 6, in the order of the constants) with the pool's counts, -1 where unknown. */
    static void read(Object pool, int[] out) {
        java.util.Arrays.fill(out, -1);
        try {
            Method[] m = READERS.get(pool.getClass());
            if (m == null) {
                return;
            }
            Object metrics = m[0].invoke(pool);
            for (int i = 0; i < out.length && i < METRICS.length; i++) {
                out[i] = ((Number) m[i + 1].invoke(metrics)).intValue();
            }
        } catch (Throwable t) {
            Suppressed.record(t);
        }
    }

    /** Sum over pools for the console line: acquired, idle, pending, max; null when there is no pool. */
    public static int[] totals() {
        List<Pool> pools = live();
        if (pools.isEmpty()) {
            return null;
        }
        int[] t = new int[4];
        int[] s = new int[METRICS.length];
        for (Pool p : pools) {
            Object pool = p.pool().get();
            if (pool != null) {
                read(pool, s);
                t[0] += s[ACQUIRED];
                t[1] += s[IDLE];
                t[2] += s[PENDING];
                t[3] += s[MAX];
            }
        }
        return t;
    }

    public static List<Info> infos() {
        List<Info> out = new ArrayList<>();
        int[] state = new int[METRICS.length];
        for (Pool p : live()) {
            Object pool = p.pool().get();
            if (pool == null) {
                continue;
            }
            read(pool, state);
            out.add(new Info(p.name(), state[MAX], p.maxAcquireTimeMs()));
        }
        return out;
    }
}
