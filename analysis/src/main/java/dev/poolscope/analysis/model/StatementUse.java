package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kept requests' statements, one request at a time as attribution reaches it: which texts each ran and how often,
 * the repeats (a text run again in the same request: an ORM's N+1 runs one per item), the statement time inside the
 * request's connection holds, and the paths that ran each text. Bounded: the texts {@link StatementCollector} keeps,
 * and {@link #MAX_PATHS} paths per text.
 */
final class StatementUse {
    static final int MAX_PATHS = 20;
    static final String OTHER_PATHS = "(other paths)";

    private static final class Text {
        long requests;
        long executions;
        long maxPerRequest;
        long repeatRequests;
        long repeatNanos;
        long inHoldNanos;
        final Map<String, long[]> paths = new LinkedHashMap<>();
    }

    /** One request's use of one text: executions, nanos, nanos inside holds. */
    private static final class InRequest {
        long count;
        long nanos;
        long inHold;
    }

    private final Map<String, Text> texts = new HashMap<>();
    private final int maxTexts;
    private long requests;
    private long serverNanos;
    private long holdNanos;
    private long statementNanos;
    private long inHoldNanos;
    private long repeatNanos;

    private String path;
    private final List<long[]> holds = new ArrayList<>();
    private final Map<String, InRequest> current = new LinkedHashMap<>();

    StatementUse(int maxTexts) {
        this.maxTexts = maxTexts;
    }

    void begin(String method, String uri, long serverNanos, long holdNanos) {
        path = method + " " + RequestPath.of(uri);
        holds.clear();
        current.clear();
        requests++;
        this.serverNanos += serverNanos;
        this.holdNanos += holdNanos;
    }

    /** One of the request's connection holds; all come before its statements. */
    void hold(long start, long end) {
        holds.add(new long[]{start, end});
    }

    void statement(String sql, long start, long end) {
        long len = Math.max(0, end - start);
        long in = 0;
        for (long[] h : holds) {
            in += Math.max(0, Math.min(end, h[1]) - Math.max(start, h[0]));
        }
        in = Math.min(in, len);
        InRequest u = current.computeIfAbsent(sql, k -> new InRequest());
        u.count++;
        u.nanos += len;
        u.inHold += in;
        statementNanos += len;
        inHoldNanos += in;
    }

    void end() {
        for (Map.Entry<String, InRequest> e : current.entrySet()) {
            InRequest u = e.getValue();
            // The first execution is the request's need; each one after it is a repeat: its share of the time.
            long repeat = u.count > 1 ? u.nanos * (u.count - 1) / u.count : 0;
            repeatNanos += repeat;
            Text t = texts.get(e.getKey());
            if (t == null) {
                if (texts.size() >= maxTexts || e.getKey().isEmpty()) {
                    continue;
                }
                t = new Text();
                texts.put(e.getKey(), t);
            }
            t.requests++;
            t.executions += u.count;
            t.maxPerRequest = Math.max(t.maxPerRequest, u.count);
            t.inHoldNanos += u.inHold;
            if (u.count > 1) {
                t.repeatRequests++;
                t.repeatNanos += repeat;
            }
            String p = t.paths.containsKey(path) || t.paths.size() < MAX_PATHS ? path : OTHER_PATHS;
            long[] pu = t.paths.computeIfAbsent(p, k -> new long[3]);
            pu[0]++;
            pu[1] += u.count;
            pu[2] += repeat;
        }
        current.clear();
    }

    Statements.InRequests totals() {
        return new Statements.InRequests(requests, serverNanos / 1e6, holdNanos / 1e6, statementNanos / 1e6,
                inHoldNanos / 1e6, repeatNanos / 1e6);
    }

    /** A text's use, or {@link Statements.Use#NONE} when no kept request ran it. */
    Statements.Use use(String sql) {
        Text t = texts.get(sql);
        if (t == null) {
            return Statements.Use.NONE;
        }
        List<Statements.PathUse> paths = t.paths.entrySet().stream()
                .map(e -> new Statements.PathUse(e.getKey(), e.getValue()[0], e.getValue()[1],
                        e.getValue()[2] / 1e6))
                .sorted(Comparator.comparingLong(Statements.PathUse::executions).reversed()
                        .thenComparing(Statements.PathUse::path))
                .toList();
        return new Statements.Use(t.requests, t.executions, t.maxPerRequest, t.repeatRequests,
                t.repeatNanos / 1e6, t.inHoldNanos / 1e6, paths);
    }
}
