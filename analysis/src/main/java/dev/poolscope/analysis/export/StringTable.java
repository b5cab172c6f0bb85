package dev.poolscope.analysis.export;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** pprof's and OTLP's string table: each distinct string once, "" at index 0 as both formats require. */
final class StringTable {
    private final List<String> strings = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();

    StringTable() {
        of("");
    }

    int of(String s) {
        Integer i = index.get(s);
        if (i == null) {
            i = strings.size();
            strings.add(s);
            index.put(s, i);
        }
        return i;
    }

    List<String> all() {
        return strings;
    }
}
