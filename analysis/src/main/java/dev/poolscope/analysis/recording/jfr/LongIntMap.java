package dev.poolscope.analysis.recording.jfr;

import java.util.Arrays;

/**
 * A map from long keys to int values without boxing: where in the chunk a constant-pool entry starts, by its key.
 * Open addressing with linear probing; -1 is "absent".
 */
final class LongIntMap {
    private long[] keys = new long[64];
    private int[] values = new int[64];
    private boolean[] used = new boolean[64];
    private int size;

    void put(long key, int value) {
        if (size * 2 >= keys.length) {
            grow();
        }
        int i = slot(key, keys.length);
        while (used[i] && keys[i] != key) {
            i = (i + 1) & (keys.length - 1);
        }
        if (!used[i]) {
            used[i] = true;
            keys[i] = key;
            size++;
        }
        values[i] = value;
    }

    int get(long key) {
        int mask = keys.length - 1;
        int i = slot(key, keys.length);
        while (used[i]) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    int size() {
        return size;
    }

    private static int slot(long key, int capacity) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & (capacity - 1);
    }

    private void grow() {
        long[] k = keys;
        int[] v = values;
        boolean[] u = used;
        int n = k.length * 2;
        keys = new long[n];
        values = new int[n];
        used = new boolean[n];
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (u[i]) {
                put(k[i], v[i]);
            }
        }
    }

    @Override
    public String toString() {
        return "LongIntMap" + Arrays.toString(new int[]{size});
    }
}
