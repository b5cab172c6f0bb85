package dev.poolscope.analysis.flame;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Each distinct value once, numbered in the order first seen: the tables of frames, stacks and strings that pprof,
 * OTLP and speedscope files index into.
 */
public final class Interner<T> {
    private final List<T> values = new ArrayList<>();
    private final Map<T, Integer> index = new HashMap<>();

    /** A table whose index 0 is {@code first} (pprof and OTLP want "" there). */
    @SafeVarargs
    public static <T> Interner<T> startingWith(T... first) {
        Interner<T> t = new Interner<>();
        for (T v : first) {
            t.of(v);
        }
        return t;
    }

    /** The number of {@code value}, given it now if it has none. */
    public int of(T value) {
        Integer i = index.get(value);
        if (i == null) {
            i = values.size();
            values.add(value);
            index.put(value, i);
        }
        return i;
    }

    public T get(int i) {
        return values.get(i);
    }

    public int size() {
        return values.size();
    }

    /** Every value, in number order. */
    public List<T> all() {
        return values;
    }
}
