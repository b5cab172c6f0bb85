package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.recording.Events;

/**
 * What attribution reads, sealed for queries once every chunk is joined: each thread's intervals, schedstat series and
 * CPU samples, the pauses, async-profiler's wall samples, the interval labels and the threads of the kept requests.
 */
final class RunData {
    /**
     * The caps that bound the analysis' memory whatever the recording's length (-Xmx512m holds them with room): past
     * them requests are sampled evenly over the window (a minute at 3,000 requests a second fits whole), JMeter samples
     * thinned, intervals and reactive intervals kept in file order; every cap hit is a note.
     */
    static final int MAX_REQUESTS = 200_000;
    static final int MAX_CLIENT_SAMPLES = 200_000;
    static final long MAX_SPANS = 2_000_000;

    final Map<Long, ThreadSpans> spans;
    final Map<Long, SchedSeries> sched;
    /** The carriers of virtual threads, by OS thread id (they have no Java thread id in the recording). */
    final Map<Long, SchedSeries> carriers;
    final Map<Long, LongList> cpuSamples;
    final Map<Long, Events.ThreadRef> threads;
    final ThreadSpans pauses;
    /** async-profiler's wall samples of sleeping threads: they name waits shorter than the JDK events' thresholds. */
    final SampledWaits sampledWaits;
    final Labels labels;
    /** The statement intervals' texts and rows. */
    final StatementLabels statementLabels;

    RunData(RunCollectors c, SampledWaits sampledWaits) {
        this.spans = c.spans.spans;
        this.sched = c.sched.sched;
        this.carriers = c.sched.carriers;
        this.cpuSamples = c.cpu.byThread;
        this.threads = c.requests.threads;
        this.pauses = c.spans.pauses;
        this.sampledWaits = sampledWaits;
        this.labels = c.spans.labels;
        this.statementLabels = c.spans.statements;
        spans.values().forEach(ThreadSpans::seal);
        sched.values().forEach(SchedSeries::seal);
        carriers.values().forEach(SchedSeries::seal);
        cpuSamples.values().forEach(LongList::sort);
        pauses.seal();
        sampledWaits.seal();
    }

    /** Interned strings for interval labels (Redis commands, pool names, connection ids), capped. */
    static final class Labels {
        private static final int MAX = 50_000;
        private final Map<String, Integer> ids = new HashMap<>();
        private final List<String> names = new ArrayList<>(List.of(""));

        /** The last strings asked for and their ids, by identity: the parser hands out the same String per value. */
        private final String[] recent = new String[64];
        private final int[] recentId = new int[64];

        int id(String s) {
            if (s == null || s.isEmpty()) {
                return 0;
            }
            int slot = System.identityHashCode(s) & (recent.length - 1);
            if (recent[slot] == s) {
                return recentId[slot];
            }
            Integer id = ids.get(s);
            if (id != null) {
                recent[slot] = s;
                recentId[slot] = id;
                return id;
            }
            if (names.size() >= MAX) {
                return 0;
            }
            names.add(s);
            ids.put(s, names.size() - 1);
            return names.size() - 1;
        }

        String name(int id) {
            return names.get(id);
        }

        /** Takes in {@code other}'s labels; returns, for each of its ids, the id here (0 when over the cap). */
        int[] absorb(Labels other) {
            int[] remap = new int[other.names.size()];
            for (int i = 1; i < remap.length; i++) {
                remap[i] = id(other.names.get(i));
            }
            return remap;
        }
    }
}
