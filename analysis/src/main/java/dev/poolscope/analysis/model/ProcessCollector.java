package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/**
 * The process as a whole, in the window: garbage collections and safepoints, CPU load, context switches
 * (machine-wide), thread counts, the heap, virtual threads pinned to their carrier, and the agent's own status.
 */
final class ProcessCollector implements Collector<ProcessCollector> {
    /** Distinct (site, reason) pairs of pinned virtual threads kept; later ones still count in the totals. */
    static final int MAX_PINNED_SITES = 1_000;
    static final int TOP_PINNED_SITES = 5;
    private final Scope scope;
    final List<Events.GarbageCollection> gcs = new ArrayList<>();
    final List<Events.CpuLoad> cpuLoad = new ArrayList<>();
    final List<Events.ContextSwitchRate> contextSwitches = new ArrayList<>();
    final List<Events.ThreadCount> threadCounts = new ArrayList<>();
    final List<Events.HeapSummary> heap = new ArrayList<>();
    long gcPauseNanos;
    long safepointNanos;
    long pinnedCount;
    long pinnedNanos;
    /** Per "site\u0000reason": {events, nanos}. */
    final Map<String, long[]> pinnedSites = new HashMap<>();
    Events.AgentStatus agentStatus;

    ProcessCollector(Scope scope) {
        this.scope = scope;
    }

    @Override
    public ProcessCollector fork(Scope s) {
        return new ProcessCollector(s);
    }

    /** Absorbs a time segment outside the steady part: the agent's status, cumulative whatever the window. */
    void joinOutside(ProcessCollector later) {
        if (later.agentStatus != null) {
            agentStatus(later.agentStatus);
        }
    }

    @Override
    public void join(ProcessCollector later) {
        gcs.addAll(later.gcs);
        cpuLoad.addAll(later.cpuLoad);
        contextSwitches.addAll(later.contextSwitches);
        threadCounts.addAll(later.threadCounts);
        heap.addAll(later.heap);
        gcPauseNanos += later.gcPauseNanos;
        safepointNanos += later.safepointNanos;
        pinnedCount += later.pinnedCount;
        pinnedNanos += later.pinnedNanos;
        later.pinnedSites.forEach((key, c) -> pinnedSite(key, c[0], c[1]));
        joinOutside(later);
    }

    @Override
    public void pause(Events.Pause e) {
        if (e.kind() == Events.PauseKind.SAFEPOINT && scope.in(e.startNanos())) {
            safepointNanos += e.endNanos() - e.startNanos();
        }
    }

    @Override
    public void garbageCollection(Events.GarbageCollection e) {
        if (scope.in(e.timeNanos())) {
            gcs.add(e);
            gcPauseNanos += e.sumOfPausesNanos();
        }
    }

    @Override
    public void cpuLoad(Events.CpuLoad e) {
        if (scope.in(e.timeNanos())) {
            cpuLoad.add(e);
        }
    }

    @Override
    public void contextSwitchRate(Events.ContextSwitchRate e) {
        if (scope.in(e.timeNanos())) {
            contextSwitches.add(e);
        }
    }

    @Override
    public void threadCount(Events.ThreadCount e) {
        if (scope.in(e.timeNanos())) {
            threadCounts.add(e);
        }
    }

    @Override
    public void heapSummary(Events.HeapSummary e) {
        if (scope.in(e.timeNanos())) {
            heap.add(e);
        }
    }

    @Override
    public void virtualThreadPinned(Events.VirtualThreadPinned e) {
        if (scope.in(e.startNanos())) {
            pinnedCount++;
            pinnedNanos += e.endNanos() - e.startNanos();
            pinnedSite(e.site() + '\u0000' + e.reason(), 1, e.endNanos() - e.startNanos());
        }
    }

    private void pinnedSite(String key, long count, long nanos) {
        long[] c = pinnedSites.get(key);
        if (c == null) {
            if (pinnedSites.size() >= MAX_PINNED_SITES) {
                return;
            }
            c = new long[2];
            pinnedSites.put(key, c);
        }
        c[0] += count;
        c[1] += nanos;
    }

    /** The sites that held virtual threads pinned longest, most first. */
    List<RunModel.PinnedSite> pinnedSites() {
        return pinnedSites.entrySet().stream()
                .sorted(Comparator.comparingLong((Map.Entry<String, long[]> en) -> en.getValue()[1])
                        .reversed()
                        .thenComparing(Map.Entry::getKey))
                .limit(TOP_PINNED_SITES)
                .map(en -> {
                    int cut = en.getKey().indexOf('\u0000');
                    return new RunModel.PinnedSite(en.getKey().substring(0, cut),
                            en.getKey().substring(cut + 1),
                            en.getValue()[0], en.getValue()[1]);
                })
                .toList();
    }

    /** The latest status wins (it is cumulative); of equal times, the later in file order. */
    @Override
    public void agentStatus(Events.AgentStatus e) {
        if (agentStatus == null || e.timeNanos() >= agentStatus.timeNanos()) {
            agentStatus = e;
        }
    }
}
