package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/**
 * Every SQL statement execution in the window, on either stack: per normalised text its count, failures, time as a
 * histogram and the rows the driver returned; and each execution's start, end and text, for how many ran at once
 * ({@link StatementLoad}). Bounded whatever the recording: at most {@link #MAX_TEXTS} texts (the first in file order;
 * the others are counted together) and {@link #MAX_EXECUTIONS} executions (the first; the load is read over the time
 * they cover).
 */
final class StatementCollector implements Collector<StatementCollector> {
    /** A histogram is 58 KB: 200 texts are 12 MB at most, and an application has tens. */
    static final int MAX_TEXTS = 200;
    /** 24 bytes each: 12 MB at most. */
    static final int MAX_EXECUTIONS = 500_000;
    /** A text's own work: the fastest tenth of its executions. */
    static final double FASTEST = 0.10;

    /** One normalised text's executions. */
    static final class Text {
        final String sql;
        final DurationHistogram time = new DurationHistogram();
        long failures;
        long rowsKnown;
        long rows;
        long batches;

        Text(String sql) {
            this.sql = sql;
        }

        void add(long nanos, boolean success, long rowCount, int batchSize) {
            time.add(nanos);
            if (!success) {
                failures++;
            }
            if (rowCount >= 0) {
                rowsKnown++;
                rows += rowCount;
            }
            if (batchSize > 0) {
                batches++;
            }
        }

        void addAll(Text o) {
            time.addAll(o.time);
            failures += o.failures;
            rowsKnown += o.rowsKnown;
            rows += o.rows;
            batches += o.batches;
        }
    }

    private final Scope scope;
    final List<Text> texts = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    /** The executions of texts beyond {@link #MAX_TEXTS}. */
    final Text other = new Text("");
    final LongList starts = new LongList();
    final LongList ends = new LongList();
    /** Index in {@link #texts}, -1 for {@link #other}. */
    final LongList ids = new LongList();
    long droppedExecutions;
    /** The earliest start of an execution not kept: the load is exact only before it. */
    long firstDroppedStart = Long.MAX_VALUE;

    StatementCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public StatementCollector fork(Scope s) {
        return new StatementCollector(s);
    }

    @Override
    public void join(StatementCollector later) {
        int[] remap = new int[later.texts.size()];
        for (int i = 0; i < remap.length; i++) {
            Text t = later.texts.get(i);
            int id = id(t.sql);
            (id < 0 ? other : texts.get(id)).addAll(t);
            remap[i] = id;
        }
        other.addAll(later.other);
        for (int i = 0; i < later.starts.size(); i++) {
            int id = (int) later.ids.get(i);
            execution(later.starts.get(i), later.ends.get(i), id < 0 ? -1 : remap[id]);
        }
        droppedExecutions += later.droppedExecutions;
        firstDroppedStart = Math.min(firstDroppedStart, later.firstDroppedStart);
    }

    @Override
    public void statement(Events.Statement e) {
        if (!scope.in(e.startNanos())) {
            return;
        }
        int id = id(e.sql());
        (id < 0 ? other : texts.get(id)).add(e.endNanos() - e.startNanos(), e.success(), e.rows(),
                e.batchSize());
        execution(e.startNanos(), e.endNanos(), id);
    }

    /** The text's index, a new one while there is room; -1 beyond. */
    private int id(String sql) {
        Integer known = index.get(sql);
        if (known != null) {
            return known;
        }
        if (texts.size() >= MAX_TEXTS) {
            return -1;
        }
        texts.add(new Text(sql));
        index.put(sql, texts.size() - 1);
        return texts.size() - 1;
    }

    private void execution(long start, long end, int id) {
        if (scope.caps.executions >= MAX_EXECUTIONS) {
            droppedExecutions++;
            firstDroppedStart = Math.min(firstDroppedStart, start);
            return;
        }
        scope.caps.executions++;
        starts.add(start);
        ends.add(Math.max(start, end));
        ids.add(id);
    }

    /**
     * The model's view: the texts ranked by total time, each with its load and its use in the kept requests
     * ({@code use}, filled by attribution).
     */
    Statements statements(StatementUse use) {
        long total = other.time.sum();
        long excess = excess(other);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < texts.size(); i++) {
            total += texts.get(i).time.sum();
            excess += excess(texts.get(i));
            order.add(i);
        }
        order.sort((a, b) -> Long.compare(texts.get(b).time.sum(), texts.get(a).time.sum()));
        StatementLoad load = new StatementLoad(this);
        List<Statements.Statement> ranked = new ArrayList<>();
        for (int i : order.subList(0, Math.min(Statements.RANKED, order.size()))) {
            Text t = texts.get(i);
            ranked.add(new Statements.Statement(t.sql, t.time.count(), t.failures, Distribution.of(t.time),
                    t.time.percentile(FASTEST) / 1e6, t.time.sum() / 1e6, t.rowsKnown, t.rows, t.batches,
                    load.load(i), use.use(t.sql)));
        }
        return new Statements(executions(), texts.size(), total / 1e6, excess / 1e6, other.time.count(),
                droppedExecutions,
                List.copyOf(ranked), use.totals());
    }

    /** A text's time beyond its fastest tenth, summed over its executions. */
    private static long excess(Text t) {
        return t.time.count() == 0
                ? 0
                : Math.max(0, t.time.sum() - t.time.count() * t.time.percentile(FASTEST));
    }

    /** Executions counted, kept or not. */
    long executions() {
        long n = other.time.count();
        for (Text t : texts) {
            n += t.time.count();
        }
        return n;
    }
}
