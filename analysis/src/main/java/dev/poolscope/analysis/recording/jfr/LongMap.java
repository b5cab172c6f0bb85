package dev.poolscope.analysis.recording.jfr;

import java.util.Arrays;
import java.util.function.LongFunction;

/**
 * A map from long keys to values without boxing the keys: the parser and the binder look up a constant-pool key,
 * thread or stack per event, and a {@code HashMap<Long, ...>} made a Long for each (7 GB of them on a 1 GB recording).
 * Open addressing with linear probing; null values are allowed and told apart from absent keys by
 * {@link #containsKey}.
 */
public final class LongMap<V> {
    private long[] keys = new long[16];
    private Object[] values = new Object[16];
    private boolean[] used = new boolean[16];
    private int size;

    /** The value of {@code key}, or null when absent (or mapped to null). */
    @SuppressWarnings("unchecked")
    public V get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return (V) values[i];
            }
        }
        return null;
    }

    public boolean containsKey(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); used[i]; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return true;
            }
        }
        return false;
    }

    public void put(long key, V value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (used[i] && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (!used[i]) {
            used[i] = true;
            keys[i] = key;
            size++;
        }
        values[i] = value;
    }

    /** The value of {@code key}, made by {@code make} and kept when absent (a null made is kept as well). */
    public V computeIfAbsent(long key, LongFunction<V> make) {
        V v = get(key);
        if (v == null && !containsKey(key)) {
            v = make.apply(key);
            put(key, v);
        }
        return v;
    }

    public int size() {
        return size;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void grow() {
        long[] k = keys;
        Object[] v = values;
        boolean[] u = used;
        int n = k.length * 2;
        keys = new long[n];
        values = new Object[n];
        used = new boolean[n];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (u[i]) {
                @SuppressWarnings("unchecked")
                V value = (V) v[i];
                put(k[i], value);
            }
        }
    }

    @Override
    public String toString() {
        return "LongMap" + Arrays.toString(new int[]{size});
    }
}
