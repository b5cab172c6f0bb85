package dev.poolscope.analysis.model;

import java.util.ArrayList;
import java.util.List;

import dev.poolscope.analysis.recording.Events;

/**
 * How the app started, measured from the recording: from the JVM's start ({@code jdk.JVMInformation}) to the end of
 * the first request it served (the first {@code poolscope.Request}, warm-up included), and its footprint at idle just
 * before that request: the last sample of each 1-s gauge taken before the request began (heap used, loaded classes,
 * live threads, resident set). Every value is null when the recording lacks it.
 */
public record Startup(Long jvmStartEpochMs, Long firstRequestStartNanos, Long firstRequestEndNanos,
        Long idleSampleNanos, Long heapUsedBytes, Long classesLoaded, Long liveThreads, Long rssBytes) {

    public static final Startup NONE = new Startup(null, null, null, null, null, null, null, null);

    /** JVM start to the first served request, ms; null without either. */
    public Long toFirstRequestMs() {
        if (jvmStartEpochMs == null || firstRequestEndNanos == null) {
            return null;
        }
        long ms = firstRequestEndNanos / 1_000_000L - jvmStartEpochMs;
        return ms >= 0 ? ms : null;
    }

    /** Gathers what Startup needs during the recording pass; events arrive in file order, not time order. */
    static final class Collector implements dev.poolscope.analysis.model.Collector<Collector> {
        private Long jvmStart;
        private long firstStart = Long.MAX_VALUE;
        private long firstEnd;
        private final List<long[]> heap = new ArrayList<>();
        private final List<long[]> classes = new ArrayList<>();
        private final List<long[]> threads = new ArrayList<>();
        private final List<long[]> rss = new ArrayList<>();

        @Override
        public Collector fork(Scope scope) {
            return new Collector();
        }

        @Override
        public void join(Collector later) {
            if (later.jvmStart != null) {
                jvmStart = later.jvmStart;
            }
            if (later.firstStart < firstStart) {
                firstStart = later.firstStart;
                firstEnd = later.firstEnd;
            }
            heap.addAll(later.heap);
            classes.addAll(later.classes);
            threads.addAll(later.threads);
            rss.addAll(later.rss);
        }

        @Override
        public void request(Events.Request e) {
            if (e.startNanos() < firstStart) {
                firstStart = e.startNanos();
                firstEnd = e.endNanos();
            }
        }

        @Override
        public void jvmStart(Events.JvmStart e) {
            if (e.jvmStartEpochMillis() > 0) {
                jvmStart = e.jvmStartEpochMillis();
            }
        }

        @Override
        public void threadCount(Events.ThreadCount e) {
            threads.add(new long[]{e.timeNanos(), e.active()});
        }

        @Override
        public void footprint(Events.Footprint e) {
            if (e.value() < 0) {
                return;
            }
            (switch (e.kind()) {
                case HEAP_USED -> heap;
                case CLASSES_LOADED -> classes;
                case RSS -> rss;
            }).add(new long[]{e.timeNanos(), e.value()});
        }

        Startup finish() {
            if (firstStart == Long.MAX_VALUE) {
                return new Startup(jvmStart, null, null, null, null, null, null, null);
            }
            long[] h = lastBefore(heap);
            long[] c = lastBefore(classes);
            long[] t = lastBefore(threads);
            long[] r = lastBefore(rss);
            Long at = null;
            for (long[] s : new long[][]{h, c, t, r}) {
                if (s != null) {
                    at = at == null ? s[0] : Math.min(at, s[0]);
                }
            }
            return new Startup(jvmStart, firstStart, firstEnd, at, value(h), value(c), value(t), value(r));
        }

        private long[] lastBefore(List<long[]> samples) {
            long[] best = null;
            for (long[] s : samples) {
                if (s[0] <= firstStart && (best == null || s[0] > best[0])) {
                    best = s;
                }
            }
            return best;
        }

        private static Long value(long[] s) {
            return s == null ? null : s[1];
        }
    }
}
