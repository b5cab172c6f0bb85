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
import dev.poolscope.analysis.recording.StackClassifier;
import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;
import one.jfr.event.ExecutionSample;

/**
 * Reads async-profiler's wall-clock samples of sleeping threads from its JFR file (through the pinned converter, as
 * {@link FlameGraphs} does) and names the wait each one shows ({@link WallStacks}). Wall samples of running threads
 * are skipped: CPU and run delay are measured per request. CPU samples (thread state {@code STATE_DEFAULT}) go, in the
 * same pass, to a second sink that only needs their time and whether they are Hikari's hand-off spin: the JDK's own
 * execution samples never see a thread inside Thread.yield's native code, async-profiler's do.
 */
public final class WallSampleReader {
    static final String THREAD_STATE = "jdk.types.ThreadState";
    static final String SLEEPING = "STATE_SLEEPING";

    /** Where the CPU samples go: their time (epoch nanoseconds) and whether the stack is the hand-off spin. */
    public interface CpuSampleSink {
        void cpuSample(long timeNanos, boolean yieldSpin);
    }

    /** Reads every sleeping wall sample into {@code sink}; returns how many were read. */
    public long read(Path jfr, Consumer<Events.WallSample> sink) throws IOException {
        return read(jfr, sink, (t, spin) -> {
        });
    }

    /**
     * Reads every sleeping wall sample into {@code wall} and every CPU sample into {@code cpu}; returns how many wall
     * samples were read.
     */
    public long read(Path jfr, Consumer<Events.WallSample> wall, CpuSampleSink cpu) throws IOException {
        long n = 0;
        // Stacks repeat (a few hundred distinct ones per recording): name each once. Keyed by the stack object, which
        // stays right however the reader numbers stacks across chunks.
        Map<StackTrace, Optional<Events.WaitKind>> named = new IdentityHashMap<>();
        Map<StackTrace, Boolean> spins = new IdentityHashMap<>();
        try (JfrReader r = new JfrReader(jfr.toString())) {
            for (ExecutionSample e; (e = r.readEvent(ExecutionSample.class)) != null;) {
                String state = r.getEnumValue(THREAD_STATE, e.threadState);
                if (AgentCpuReader.CPU_STATE.equals(state)) {
                    cpu.cpuSample(r.eventTimeToNanos(e.time), spin(r, e, spins));
                    continue;
                }
                if (!SLEEPING.equals(state)) {
                    continue;
                }
                Long javaId = r.javaThreads.get(e.tid);
                // Times are chunk-relative: convert while this event's chunk is the reader's current one.
                wall.accept(new Events.WallSample(javaId == null ? -1 : javaId, e.tid,
                        r.eventTimeToNanos(e.time), Math.max(1, e.samples),
                        kind(r, e, named)));
                n++;
            }
        } catch (RuntimeException e) {
            throw new IOException("cannot read " + jfr.getFileName() + ": " + e, e);
        }
        return n;
    }

    private static boolean spin(JfrReader r, ExecutionSample e, Map<StackTrace, Boolean> spins) {
        StackTrace t = r.stackTraces.get(e.stackTraceId);
        if (t == null) {
            return false;
        }
        return spins.computeIfAbsent(t, k -> StackClassifier.yieldSpin(
                frames(r, k).stream().filter(WallStacks.Frame::java).map(WallStacks.Frame::name).toList()));
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
