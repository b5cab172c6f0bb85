package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.poolscope.analysis.recording.Events;

/**
 * The heap, in the window: its maximum and collectors (configuration, whenever recorded), the collections by the
 * JDK's collector name with their pauses, the heap left after each collection, and the allocation samples' bytes by
 * site. Sums, minima and maxima: a chunk's figures join the next chunk's in any order.
 */
final class MemoryCollector implements Collector<MemoryCollector> {
    /** Distinct (site, class) pairs kept; the bytes of any later one still count in the total. */
    static final int MAX_SITES = 10_000;
    /** Distinct collector names kept ("G1New", "G1Old", "G1Full": a JVM has a handful). */
    static final int MAX_COLLECTORS = 64;
    static final int TOP_SITES = 5;

    private final Scope scope;
    long maxHeapBytes = -1;
    long configurationNanos = Long.MIN_VALUE;
    String youngCollector = "";
    String oldCollector = "";
    long gcConfigurationNanos = Long.MIN_VALUE;
    /** Per collector name: {collections, sum of pauses, longest pause}. */
    final Map<String, long[]> collections = new TreeMap<>();
    long afterGcCount;
    long afterGcSumBytes;
    long afterGcMinBytes = Long.MAX_VALUE;
    long afterGcMaxBytes;
    long allocationSamples;
    long allocatedBytes;
    /** Per "site\u0000class": {bytes, samples}. */
    final Map<String, long[]> sites = new HashMap<>();

    MemoryCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public MemoryCollector fork(Scope s) {
        return new MemoryCollector(s);
    }

    /** Absorbs a time segment outside the steady part: the heap's configuration, which holds whatever the window. */
    void joinOutside(MemoryCollector later) {
        heapConfiguration(later.configurationNanos, later.maxHeapBytes);
        gcConfiguration(later.gcConfigurationNanos, later.youngCollector, later.oldCollector);
    }

    @Override
    public void join(MemoryCollector later) {
        joinOutside(later);
        later.collections.forEach((name, c) -> collection(name, c[0], c[1], c[2]));
        afterGcCount += later.afterGcCount;
        afterGcSumBytes += later.afterGcSumBytes;
        afterGcMinBytes = Math.min(afterGcMinBytes, later.afterGcMinBytes);
        afterGcMaxBytes = Math.max(afterGcMaxBytes, later.afterGcMaxBytes);
        allocationSamples += later.allocationSamples;
        allocatedBytes += later.allocatedBytes;
        later.sites.forEach((key, c) -> site(key, c[0], c[1]));
    }

    /** Configuration holds for the whole JVM: the latest recorded wins, whether or not it lies in the window. */
    @Override
    public void heapConfiguration(Events.HeapConfiguration e) {
        heapConfiguration(e.timeNanos(), e.maxHeapBytes());
    }

    private void heapConfiguration(long timeNanos, long maxBytes) {
        if (maxBytes > 0 && timeNanos >= configurationNanos) {
            configurationNanos = timeNanos;
            maxHeapBytes = maxBytes;
        }
    }

    @Override
    public void gcConfiguration(Events.GcConfiguration e) {
        gcConfiguration(e.timeNanos(), e.youngCollector(), e.oldCollector());
    }

    private void gcConfiguration(long timeNanos, String young, String old) {
        if (timeNanos >= gcConfigurationNanos && !(young.isEmpty() && old.isEmpty())) {
            gcConfigurationNanos = timeNanos;
            youngCollector = young;
            oldCollector = old;
        }
    }

    @Override
    public void garbageCollection(Events.GarbageCollection e) {
        if (scope.in(e.timeNanos())) {
            collection(e.name(), 1, e.sumOfPausesNanos(), e.longestPauseNanos());
        }
    }

    private void collection(String name, long count, long pauseNanos, long longestNanos) {
        long[] c = collections.get(name);
        if (c == null) {
            if (collections.size() >= MAX_COLLECTORS) {
                return;
            }
            c = new long[3];
            collections.put(name, c);
        }
        c[0] += count;
        c[1] += pauseNanos;
        c[2] = Math.max(c[2], longestNanos);
    }

    @Override
    public void heapSummary(Events.HeapSummary e) {
        if (e.afterGc() && scope.in(e.timeNanos())) {
            afterGcCount++;
            afterGcSumBytes += e.heapUsedBytes();
            afterGcMinBytes = Math.min(afterGcMinBytes, e.heapUsedBytes());
            afterGcMaxBytes = Math.max(afterGcMaxBytes, e.heapUsedBytes());
        }
    }

    @Override
    public void allocationSample(Events.AllocationSample e) {
        if (scope.in(e.timeNanos()) && e.weightBytes() > 0) {
            allocationSamples++;
            allocatedBytes += e.weightBytes();
            site(e.site() + '\u0000' + e.objectClass(), e.weightBytes(), 1);
        }
    }

    private void site(String key, long bytes, long samples) {
        long[] c = sites.get(key);
        if (c == null) {
            if (sites.size() >= MAX_SITES) {
                return;
            }
            c = new long[2];
            sites.put(key, c);
        }
        c[0] += bytes;
        c[1] += samples;
    }

    RunModel.Memory finish() {
        List<RunModel.Collections> kinds = new ArrayList<>();
        collections.forEach((name, c) -> kinds.add(new RunModel.Collections(name, c[0], c[1], c[2])));
        List<RunModel.AllocationSite> top = sites.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, long[]> en) -> en.getValue()[0])
                        .reversed()
                        .thenComparing(Map.Entry::getKey))
                .limit(TOP_SITES)
                .map(en -> {
                    int cut = en.getKey().indexOf('\u0000');
                    return new RunModel.AllocationSite(en.getKey().substring(0, cut),
                            en.getKey().substring(cut + 1), en.getValue()[0], en.getValue()[1]);
                })
                .toList();
        return new RunModel.Memory(maxHeapBytes, youngCollector, oldCollector, List.copyOf(kinds),
                afterGcCount,
                afterGcCount == 0 ? -1 : afterGcMinBytes,
                afterGcCount == 0 ? -1 : afterGcSumBytes / afterGcCount,
                afterGcCount == 0 ? -1 : afterGcMaxBytes, allocationSamples, allocatedBytes, top);
    }
}
