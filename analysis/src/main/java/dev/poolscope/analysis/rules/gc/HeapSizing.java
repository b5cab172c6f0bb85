package dev.poolscope.analysis.rules.gc;

import static dev.poolscope.analysis.rules.Messages.num;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.analysis.rules.Messages;
import dev.poolscope.analysis.rules.Recommendation;

/**
 * GC-bound: no thread count helps, the heap does. Which lever follows from the recording: a heap still mostly full
 * after collections (the live set near the maximum) needs a larger maximum heap or less kept live; a heap mostly empty
 * after collections means allocation drives the collections, and the allocation samples name where it happens.
 *
 * <p>
 * The live set is read as the lowest heap left after any collection in the window: a collection never leaves less
 * than what is live, so this is an upper bound of the live set at that moment. The size to aim for is three times it:
 * Hunt and John (Java Performance, 2011) start the heap at three to four times the old generation's occupancy after a
 * full collection.
 */
public final class HeapSizing {
    /** A heap at least this full after its emptiest collection is too small for what the application keeps live. */
    static final double LIVE_SHARE = 50;
    /** The multiple of the live set a maximum heap starts from. */
    static final int LIVE_MULTIPLE = 3;
    /**
     * The JDK's collectors that stop every thread and collect the whole heap (jdk.GarbageCollection's name): G1's full
     * collection, Serial's and Parallel's old-generation collections.
     */
    static final Set<String> FULL = Set.of("G1Full", "SerialOld", "ParallelOld", "PSMarkSweep",
            "MarkSweepCompact");
    private static final double MB = 1024 * 1024;

    /** The heap lever with what the recording shows; null when it shows nothing of the heap. */
    public Recommendation recommend(RunModel run) {
        RunModel.Memory mem = run.memory();
        boolean max = mem.maxHeapBytes() > 0;
        boolean after = mem.afterGcCount() > 0;
        boolean sampled = !mem.topSites().isEmpty();
        if (!after && !sampled) {
            return null;
        }
        double seconds = run.durationSeconds();
        List<String> lines = new ArrayList<>();
        lines.add(collections(run));
        if (after) {
            lines.add(max
                    ? Messages.format("recommend.heap.after", mb(mem.afterGcMinBytes()),
                            mb(mem.afterGcMeanBytes()),
                            mb(mem.afterGcMaxBytes()), mb(mem.maxHeapBytes()), livePct(mem))
                    : Messages.format("recommend.heap.after.nomax", mb(mem.afterGcMinBytes()),
                            mb(mem.afterGcMeanBytes()), mb(mem.afterGcMaxBytes())));
        }
        lines.add(sampled
                ? Messages.format("recommend.heap.allocation", num(rate(mem, seconds)),
                        mem.allocationSamples(),
                        num(mem.allocatedBytes() / MB), num(seconds), sites(mem))
                : Messages.format("recommend.heap.allocation.none"));
        long full = fullCollections(mem);
        String pauses = num(seconds <= 0 ? 0 : 100 * run.process().gcPauseNanos() / 1e9 / seconds);
        if (max && after && livePctValue(mem) >= LIVE_SHARE) {
            long target = targetMb(mem);
            lines.add(Messages.format("recommend.heap.target", mb(mem.afterGcMinBytes()), LIVE_MULTIPLE,
                    target));
            return new Recommendation("heap", null, Messages.format("recommend.heap.sentence.live",
                    mb(mem.afterGcMinBytes()), mb(mem.maxHeapBytes()), livePct(mem), full, pauses, target),
                    lines);
        }
        if (sampled) {
            RunModel.AllocationSite top = mem.topSites().getFirst();
            String heap = max && after
                    ? Messages.format("recommend.heap.clause.room", mb(mem.afterGcMinBytes()),
                            mb(mem.maxHeapBytes()), livePct(mem))
                    : Messages.format("recommend.heap.clause.unknown");
            return new Recommendation("heap", null, Messages.format("recommend.heap.sentence.allocation",
                    num(rate(mem, seconds)), top.site(), top.objectClass(), sitePct(mem, top), heap, pauses),
                    lines);
        }
        // Collections measured, the heap not full after them, and no allocation samples to name a site.
        return new Recommendation("heap", null, Messages.format("recommend.heap.sentence.room",
                mb(mem.afterGcMinBytes()), max ? mb(mem.maxHeapBytes()) : "?", max ? livePct(mem) : "?",
                pauses),
                lines);
    }

    /** The collections in the window by the JDK's collector name, full ones counted apart. */
    private static String collections(RunModel run) {
        RunModel.Memory mem = run.memory();
        long count = mem.collections().stream().mapToLong(RunModel.Collections::count).sum();
        long longest = mem.collections().stream().mapToLong(RunModel.Collections::longestPauseNanos).max()
                .orElse(0);
        String kinds = mem.collections().isEmpty()
                ? "none recorded"
                : mem.collections().stream()
                        .map(c -> Messages.format("recommend.heap.kind", c.name(), c.count(),
                                num(c.pauseNanos() / 1e6)))
                        .collect(Collectors.joining(", "));
        String collectors = mem.youngCollector().isEmpty() && mem.oldCollector().isEmpty()
                ? "not recorded"
                : mem.youngCollector() + " + " + mem.oldCollector();
        double seconds = run.durationSeconds();
        return Messages.format("recommend.heap.collections", count, kinds, fullCollections(mem),
                num(run.process().gcPauseNanos() / 1e6),
                num(seconds <= 0 ? 0 : 100 * run.process().gcPauseNanos() / 1e9 / seconds),
                num(longest / 1e6),
                collectors);
    }

    static long fullCollections(RunModel.Memory mem) {
        return mem.collections().stream().filter(c -> FULL.contains(c.name()))
                .mapToLong(RunModel.Collections::count).sum();
    }

    private static String sites(RunModel.Memory mem) {
        return mem.topSites().stream()
                .map(s -> Messages.format("recommend.heap.site", s.site(), s.objectClass(), sitePct(mem, s)))
                .collect(Collectors.joining("; "));
    }

    private static String sitePct(RunModel.Memory mem, RunModel.AllocationSite s) {
        return num(mem.allocatedBytes() == 0 ? 0 : 100.0 * s.bytes() / mem.allocatedBytes());
    }

    private static double rate(RunModel.Memory mem, double seconds) {
        return seconds <= 0 ? 0 : mem.allocatedBytes() / MB / seconds;
    }

    static double livePctValue(RunModel.Memory mem) {
        return 100.0 * mem.afterGcMinBytes() / mem.maxHeapBytes();
    }

    private static String livePct(RunModel.Memory mem) {
        return num(livePctValue(mem));
    }

    /** Three times the live set, in whole MB, rounded up to a multiple of 16. */
    static long targetMb(RunModel.Memory mem) {
        long mb = (long) Math.ceil(LIVE_MULTIPLE * mem.afterGcMinBytes() / MB);
        return (mb + 15) / 16 * 16;
    }

    private static String mb(long bytes) {
        return num(bytes / MB);
    }
}
