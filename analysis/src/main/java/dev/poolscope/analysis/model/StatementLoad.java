package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * How many statements ran at once during each kept execution, and per text how its time changed with that number: the
 * saturation test. A database with room runs each statement in its own time however many run beside it; a saturated
 * one shares a fixed capacity among them, so each takes longer in proportion. Comparing one text's times at different
 * levels (not different texts) leaves out what its parameters make it cost.
 *
 * <p>
 * The number at once is the mean over the execution of every statement executing (itself included): the integral of
 * that count over [start, end) divided by the length, read from running sums of the sorted starts and ends, in
 * microseconds so the sums stay exact in a long. Only executions that end before the first one the collector dropped
 * are read: later ones could overlap statements not kept.
 */
final class StatementLoad {
    /** A level's median is read only from at least this many executions. */
    static final int MIN_PER_LEVEL = 10;
    /** The levels read must span this factor for a slope to be told from noise: twice as many at once. */
    static final double MIN_SPAN = 2;

    private final StatementCollector c;
    private final int n;
    private final long base;
    private final long[] starts;
    private final long[] ends;
    private final long[] startSums;
    private final long[] endSums;

    StatementLoad(StatementCollector c) {
        this.c = c;
        long b = Long.MAX_VALUE;
        for (int i = 0; i < c.starts.size(); i++) {
            b = Math.min(b, c.starts.get(i));
        }
        this.base = b;
        this.n = c.starts.size();
        starts = new long[n];
        ends = new long[n];
        for (int i = 0; i < n; i++) {
            starts[i] = micros(c.starts.get(i));
            ends[i] = micros(c.ends.get(i));
        }
        Arrays.sort(starts);
        Arrays.sort(ends);
        startSums = sums(starts);
        endSums = sums(ends);
    }

    private long micros(long nanos) {
        return (nanos - base) / 1000;
    }

    private static long[] sums(long[] sorted) {
        long[] s = new long[sorted.length + 1];
        for (int i = 0; i < sorted.length; i++) {
            s[i + 1] = s[i] + sorted[i];
        }
        return s;
    }

    /** ∫ of the number executing from the first start to t (µs·statements). */
    private long integral(long t) {
        int s = SortedLongs.firstAbove(starts, 0, n, t);
        int e = SortedLongs.firstAbove(ends, 0, n, t);
        return (t * s - startSums[s]) - (t * e - endSums[e]);
    }

    /** The mean number executing over [start, end), itself included; at least 1. */
    double atOnce(long startNanos, long endNanos) {
        long s = micros(startNanos);
        long e = micros(endNanos);
        if (e <= s) {
            // Shorter than a microsecond: the number running as it started.
            return Math.max(1,
                    SortedLongs.firstAbove(starts, 0, n, s) - SortedLongs.firstAbove(ends, 0, n, s));
        }
        return Math.max(1, (double) (integral(e) - integral(s)) / (e - s));
    }

    /** The text {@code id}'s times per level and the slope across them. */
    Statements.Load load(int id) {
        List<LongList> byLevel = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (c.ids.get(i) != id || c.ends.get(i) >= c.firstDroppedStart) {
                continue;
            }
            int level = (int) Math.round(atOnce(c.starts.get(i), c.ends.get(i)));
            while (byLevel.size() <= level) {
                byLevel.add(null);
            }
            if (byLevel.get(level) == null) {
                byLevel.set(level, new LongList());
            }
            byLevel.get(level).add(c.ends.get(i) - c.starts.get(i));
        }
        List<Statements.Level> levels = new ArrayList<>();
        for (int level = 1; level < byLevel.size(); level++) {
            LongList d = byLevel.get(level);
            if (d != null) {
                long[] sorted = d.toSortedArray();
                levels.add(new Statements.Level(level, sorted.length, rank(sorted, 0.10) / 1e6,
                        rank(sorted, 0.50) / 1e6));
            }
        }
        List<Statements.Level> read = levels.stream().filter(l -> l.count() >= MIN_PER_LEVEL).toList();
        if (read.isEmpty()) {
            return new Statements.Load(List.copyOf(levels), null, null, null);
        }
        Statements.Level lowest = read.getFirst();
        Statements.Level busiest = read.stream()
                .max((a, b) -> a.count() != b.count()
                        ? Long.compare(a.count(), b.count())
                        : Integer.compare(a.level(), b.level()))
                .orElseThrow();
        Double growth = (double) read.getLast().level() / lowest.level() >= MIN_SPAN ? slope(read) : null;
        return new Statements.Load(List.copyOf(levels), growth, lowest, busiest);
    }

    /** Least squares of ln(median) over ln(level), each level weighted by its executions. */
    private static double slope(List<Statements.Level> levels) {
        double w = 0;
        double mx = 0;
        double my = 0;
        for (Statements.Level l : levels) {
            w += l.count();
            mx += l.count() * Math.log(l.level());
            my += l.count() * Math.log(Math.max(1e-6, l.typicalMs()));
        }
        mx /= w;
        my /= w;
        double sxy = 0;
        double sxx = 0;
        for (Statements.Level l : levels) {
            double dx = Math.log(l.level()) - mx;
            sxy += l.count() * dx * (Math.log(Math.max(1e-6, l.typicalMs())) - my);
            sxx += l.count() * dx * dx;
        }
        return sxx == 0 ? 0 : sxy / sxx;
    }

    private static long rank(long[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
