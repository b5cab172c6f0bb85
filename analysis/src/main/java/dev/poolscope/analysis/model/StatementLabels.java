package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The labels of statement intervals: a normalised text and the rows its execution returned (-1 when unknown),
 * interned apart from the other interval labels and capped lower, since a text is up to 2,000 chars. Past the cap an
 * interval keeps label 0: a statement of unknown text.
 */
final class StatementLabels {
    static final int MAX = 2_000;

    private record Key(String sql, long rows) {
    }

    private final Map<Key, Integer> ids = new HashMap<>();
    private final List<Key> keys = new ArrayList<>(List.of(new Key("", -1)));

    int id(String sql, long rows) {
        if (sql == null || sql.isEmpty()) {
            return 0;
        }
        Key k = new Key(sql, rows < 0 ? -1 : rows);
        Integer id = ids.get(k);
        if (id != null) {
            return id;
        }
        if (keys.size() >= MAX) {
            return 0;
        }
        keys.add(k);
        ids.put(k, keys.size() - 1);
        return keys.size() - 1;
    }

    String sql(int id) {
        return keys.get(id).sql();
    }

    long rows(int id) {
        return keys.get(id).rows();
    }

    /** Takes in {@code other}'s labels; returns, for each of its ids, the id here (0 when over the cap). */
    int[] absorb(StatementLabels other) {
        int[] remap = new int[other.keys.size()];
        for (int i = 1; i < remap.length; i++) {
            Key k = other.keys.get(i);
            remap[i] = id(k.sql(), k.rows());
        }
        return remap;
    }
}
