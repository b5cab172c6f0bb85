package dev.poolscope.analysis.flame;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import dev.poolscope.analysis.recording.Events;
import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;
import one.jfr.event.ExecutionSample;

/**
 * Reads async-profiler's wall-clock samples of sleeping threads from its JFR file (through the pinned converter, as
 * {@link FlameGraphs} does) and names the wait each one shows ({@link WallStacks}). CPU samples (thread state
 * {@code STATE_DEFAULT}) and wall samples of running threads are skipped: CPU and run delay are measured per request.
 */
public final class WallSampleReader {
    static final String THREAD_STATE = "jdk.types.ThreadState";
    static final String SLEEPING = "STATE_SLEEPING";

    /** Reads every sleeping wall sample into {@code sink}; returns how many were read. */
    public long read(Path jfr, Consumer<Events.WallSample> sink) throws IOException {
        long n = 0;
        // Stacks repeat (a few hundred distinct ones per recording): name each once. Keyed by the stack object, which
        // stays right however the reader numbers stacks across chunks.
        Map<StackTrace, Optional<Events.WaitKind>> named = new IdentityHashMap<>();
        try (JfrReader r = new JfrReader(jfr.toString())) {
            for (ExecutionSample e; (e = r.readEvent(ExecutionSample.class)) != null;) {
                if (!SLEEPING.equals(r.getEnumValue(THREAD_STATE, e.threadState))) {
                    continue;
                }
                Long javaId = r.javaThreads.get(e.tid);
                // Times are chunk-relative: convert while this event's chunk is the reader's current one.
                sink.accept(new Events.WallSample(javaId == null ? -1 : javaId, e.tid,
                        r.eventTimeToNanos(e.time), Math.max(1, e.samples),
                        kind(r, e, named)));
                n++;
            }
        } catch (RuntimeException e) {
            throw new IOException("cannot read " + jfr.getFileName() + ": " + e, e);
        }
        return n;
    }

    private static Events.WaitKind kind(JfrReader r, ExecutionSample e,
            Map<StackTrace, Optional<Events.WaitKind>> named) {
        StackTrace t = r.stackTraces.get(e.stackTraceId);
        if (t == null) {
            return null;
        }
        return named.computeIfAbsent(t, k -> Optional.ofNullable(WallStacks.classify(frames(r, k))))
                .orElse(null);
    }

    private static List<WallStacks.Frame> frames(JfrReader r, StackTrace t) {
        List<WallStacks.Frame> out = new ArrayList<>(t.methods.length);
        for (int i = 0; i < t.methods.length; i++) {
            MethodRef m = r.methods.get(t.methods[i]);
            if (m == null) {
                continue;
            }
            String method = ConverterFrames.symbol(r, m.name);
            String type = r.getEnumValue("jdk.types.FrameType", t.types[i]);
            boolean java = type == null
                    || !(type.equals("Native") || type.equals("C++") || type.equals("Kernel"));
            String cls = ConverterFrames.className(r, m);
            out.add(new WallStacks.Frame(java && !cls.isEmpty() ? cls + "." + method : method, java));
        }
        return out;
    }
}
