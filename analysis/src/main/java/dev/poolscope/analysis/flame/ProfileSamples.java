package dev.poolscope.analysis.flame;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import one.convert.Arguments;
import one.convert.JfrConverter;
import one.jfr.JfrReader;
import one.jfr.StackTrace;
import one.jfr.event.Event;
import one.jfr.event.EventCollector;

/**
 * The samples of a recording one by one, each with its time, thread and stack, for the exports: read through the
 * pinned converter (its event selection per mode and its frame names, so an export and the report's flame graph of
 * the same samples agree frame for frame), but not aggregated, because an export labels each sample with the request
 * around it. The converter's own pprof and OTLP writers aggregate first and label only with the thread.
 */
public final class ProfileSamples {

    /** One sample: {@code stack} indexes {@link Stacks}; {@code nanos} is a lock wait's length (0 for cpu and wall). */
    public interface Sink {
        void sample(long timeNanos, long javaThreadId, String threadName, int stack, long count, long nanos);
    }

    /** A frame as the converter names it ({@code --norm}: generated class names without their numbers). */
    public record Frame(String name, int line) {
    }

    /** Every distinct frame and stack of what was read; a stack lists frame indexes root first. */
    public static final class Stacks {
        private final Interner<Frame> frames = new Interner<>();
        private final Interner<Key> stacks = new Interner<>();

        public Stacks() {
        }

        public List<Frame> frames() {
            return frames.all();
        }

        public int size() {
            return stacks.size();
        }

        /** Frame indexes of stack {@code id}, root first. */
        public int[] stack(int id) {
            return stacks.get(id).ids();
        }

        int frame(String name, int line) {
            return frames.of(new Frame(name, line));
        }

        int stack(int[] frameIds) {
            return stacks.of(new Key(frameIds));
        }

        private record Key(int[] ids) {
            @Override
            public boolean equals(Object o) {
                return o instanceof Key k && Arrays.equals(ids, k.ids);
            }

            @Override
            public int hashCode() {
                return Arrays.hashCode(ids);
            }
        }
    }

    /**
     * Hands every sample of {@code jfr} that {@code selection} keeps to {@code sink}, in file order, its stack added to
     * {@code stacks}. Returns the sampler's interval in nanoseconds as the recording states it (0 when it does not).
     * Throws IOException with a one-line message when the file is not a readable recording.
     */
    public long read(Path jfr, FlameGraphs.Mode mode, FlameGraphs.Selection selection, Stacks stacks,
            Sink sink)
            throws IOException {
        try (JfrReader reader = new JfrReader(jfr.toString())) {
            Reader r = new Reader(reader, new Arguments(mode.flag, "--norm"), selection, stacks, sink);
            r.convert();
            return r.intervalNanos();
        } catch (RuntimeException e) {
            throw new IOException("cannot read " + jfr.getFileName() + ": " + e, e);
        }
    }

    private static final class Reader extends JfrConverter {
        private final FlameGraphs.Selection selection;
        private final Stacks stacks;
        private final Sink sink;
        /** Stack trace ids are the chunk's own: the cache is cleared at each chunk. */
        private final Map<Long, Integer> chunkStacks = new HashMap<>();

        Reader(JfrReader reader, Arguments args, FlameGraphs.Selection selection, Stacks stacks, Sink sink) {
            super(reader, args);
            this.selection = selection;
            this.stacks = stacks;
            this.sink = sink;
        }

        @Override
        protected EventCollector createCollector(Arguments args) {
            // Called from the super constructor: the collector reads this class' fields only later, per event.
            return new EventCollector() {
                @Override
                public void collect(Event e) {
                    accept(e);
                }

                @Override
                public void beforeChunk() {
                    chunkStacks.clear();
                }

                @Override
                public void afterChunk() {
                }

                @Override
                public boolean finish() {
                    return false;
                }

                @Override
                public void forEach(Visitor visitor) {
                    throw new UnsupportedOperationException("samples are handed on as they are read");
                }
            };
        }

        private void accept(Event e) {
            Long javaId = jfr.javaThreads.get(e.tid);
            long java = javaId == null ? -1 : javaId;
            long t = jfr.eventTimeToNanos(e.time);
            if (selection != null && !selection.includes(java, e.tid, t)) {
                return;
            }
            long key = (long) e.stackTraceId << 32 | (e.classId() & 0xffffffffL);
            Integer stack = chunkStacks.get(key);
            if (stack == null) {
                stack = resolve(e);
                chunkStacks.put(key, stack);
            }
            if (stack < 0) {
                return;
            }
            String thread = jfr.threads.get(e.tid);
            long nanos = args.lock ? (long) (e.value() * jfr.nanosPerTick) : 0;
            sink.sample(t, java, thread == null ? "[tid=" + e.tid + "]" : thread, stack, e.samples(), nanos);
        }

        /** The stack's frames root first, as the converter's flame graph pushes them; -1 without a stack. */
        private int resolve(Event e) {
            StackTrace st = jfr.stackTraces.get(e.stackTraceId);
            if (st == null) {
                return -1;
            }
            long classId = e.classId();
            int n = st.methods.length;
            int[] ids = new int[n + (classId != 0 ? 1 : 0)];
            for (int i = n; --i >= 0;) {
                ids[n - 1 - i] = stacks.frame(getMethodName(st.methods[i], st.types[i]),
                        st.locations[i] >>> 16);
            }
            if (classId != 0) {
                // The lock's class, as the converter's lock graph shows it: one frame above the waiting method.
                ids[n] = stacks.frame(getClassName(classId), 0);
            }
            return stacks.stack(ids);
        }

        /** The sampling interval the recording states for this mode, in nanoseconds; 0 when it does not say. */
        long intervalNanos() {
            String v = jfr.settings.get(args.wall ? "wall" : args.lock ? "lock" : "interval");
            try {
                return v == null ? 0 : Math.max(0, Long.parseLong(v));
            } catch (NumberFormatException ex) {
                return 0;
            }
        }
    }
}
