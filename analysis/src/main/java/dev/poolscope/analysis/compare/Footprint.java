package dev.poolscope.analysis.compare;

import static dev.poolscope.analysis.compare.Explain.CPU_BOUND;
import static dev.poolscope.analysis.compare.Explain.cpu;
import static dev.poolscope.analysis.compare.Explain.n;
import static dev.poolscope.analysis.compare.Explain.num0;
import static dev.poolscope.analysis.compare.Explain.pct;
import static dev.poolscope.analysis.compare.Sentences.format;
import static dev.poolscope.analysis.rules.Messages.num;

import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import dev.poolscope.format.summary.Summary;

/**
 * An experiment's footprint sentences: start-up time, threads, heap, classes and resident set at idle, the fastest
 * against the slowest setting beside the run-to-run spread, and which settings were CPU-bound.
 */
final class Footprint {
    private final List<Cell> cells;

    Footprint(List<Cell> cells) {
        this.cells = cells;
    }

    void sentences(List<String> s) {
        Cell fast = min(c -> n(c, Summary.STARTUP_MS));
        Cell slow = max(c -> n(c, Summary.STARTUP_MS));
        if (fast != null && slow != null) {
            s.add(format("explain.startup", num(n(fast, Summary.STARTUP_MS)), fast.label(),
                    num(n(slow, Summary.STARTUP_MS)),
                    slow.label()));
        }
        Cell few = min(c -> n(c, Summary.IDLE_LIVE_THREADS));
        Cell many = max(c -> n(c, Summary.IDLE_LIVE_THREADS));
        if (few != null && many != null) {
            s.add(format("explain.idle", few.label(), num(n(few, Summary.IDLE_LIVE_THREADS)), many.label(),
                    num(n(many, Summary.IDLE_LIVE_THREADS)),
                    mib(range(c -> n(c, Summary.IDLE_HEAP_USED_BYTES))[0]),
                    mib(range(c -> n(c, Summary.IDLE_HEAP_USED_BYTES))[1]),
                    num0(range(c -> n(c, Summary.IDLE_CLASSES_LOADED))[0]),
                    num0(range(c -> n(c, Summary.IDLE_CLASSES_LOADED))[1]),
                    mib(range(c -> n(c, Summary.IDLE_RSS_BYTES))[0]),
                    mib(range(c -> n(c, Summary.IDLE_RSS_BYTES))[1])));
        }
        Cell best = max(c -> n(c, Summary.THROUGHPUT_RPS));
        Cell worst = min(c -> n(c, Summary.THROUGHPUT_RPS));
        if (best != null && worst != null && best != worst) {
            double b = n(best, Summary.THROUGHPUT_RPS);
            double w = n(worst, Summary.THROUGHPUT_RPS);
            s.add(format("explain.fastest", best.label(), num(b), worst.label(), num(w),
                    num(100 * (b - w) / w)));
            Spread spread = Spread.of(cells, Summary.THROUGHPUT_RPS);
            int runs = cells.stream().mapToInt(spread::count).filter(k -> k > 0).min().orElse(1);
            s.add(spread.measured()
                    ? format("explain.spread.runs", num(100 * spread.share()), Integer.toString(runs),
                            num(100 * spread.margin(runs, runs)))
                    : format("explain.spread.single", num(100 * spread.share()),
                            num(100 * spread.margin(1, 1))));
        }
        cpuAll(s);
    }

    /** One sentence for every setting whose machine was CPU-bound. */
    private void cpuAll(List<String> s) {
        List<Cell> bound = cells.stream()
                .filter(c -> n(c, Summary.CPU_MACHINE) != null && n(c, Summary.CPU_MACHINE) >= CPU_BOUND)
                .toList();
        if (bound.size() == 1) {
            cpu(bound.getFirst(), s);
        } else if (bound.size() > 1) {
            double[] m = bound.stream().mapToDouble(c -> n(c, Summary.CPU_MACHINE)).sorted().toArray();
            double[] p = bound.stream().map(c -> n(c, Summary.CPU_PROCESS)).filter(v -> v != null)
                    .mapToDouble(Double::doubleValue).sorted().toArray();
            s.add(format("explain.cpu.all", Integer.toString(bound.size()), Integer.toString(cells.size()),
                    pct(m[0]), pct(m[m.length - 1]), p.length == 0 ? "?" : pct(p[0]),
                    p.length == 0 ? "?" : pct(p[p.length - 1])));
        }
    }

    private Cell min(Function<Cell, Double> f) {
        return cells.stream().filter(c -> f.apply(c) != null).min(Comparator.comparingDouble(f::apply))
                .orElse(null);
    }

    private Cell max(Function<Cell, Double> f) {
        return cells.stream().filter(c -> f.apply(c) != null).max(Comparator.comparingDouble(f::apply))
                .orElse(null);
    }

    private Double[] range(Function<Cell, Double> f) {
        Cell lo = min(f);
        Cell hi = max(f);
        return new Double[]{lo == null ? null : f.apply(lo), hi == null ? null : f.apply(hi)};
    }

    private static String mib(Double bytes) {
        return bytes == null ? "?" : num(bytes / 1048576);
    }
}
