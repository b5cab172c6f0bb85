package dev.poolscope.analysis.flame;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

import one.jfr.JfrReader;
import one.jfr.MethodRef;
import one.jfr.StackTrace;
import one.jfr.event.ExecutionSample;

/**
 * Sorts async-profiler's CPU samples of the app into the agent's own parts and the rest, so every report says what
 * recording it cost: the samples are the app's CPU, the agent's code runs on the app's threads, and async-profiler's
 * signal handlers show up in its own samples. Reads through the pinned converter, as {@link WallSampleReader} does.
 */
public final class AgentCpuReader {
    static final String CPU_STATE = "STATE_DEFAULT";

    /** Where a sample's CPU went; a sample counts once, in the first part that matches, in this order. */
    public enum Part {
        /** Threads named {@code JFR }, {@code poolscope-} or {@code Async-profiler}. */
        AGENT_THREADS,
        /** Frames of async-profiler's library (its signal handlers) on the app's threads. */
        ASYNC_PROFILER,
        /** The agent's per-request thread clock. */
        THREAD_CLOCK,
        /** The agent's calls into async-profiler's thread filter. */
        WALL_FILTER,
        /** JFR writing events (the agent's and the JDK's) and their stack traces, on the app's threads. */
        JFR_COMMITS,
        /** Any other frame of the agent's. */
        OTHER_HOOKS,
        /** The app's from here on: JIT compiler threads. */
        JIT, GC, HOST;

        /** Whether this part is the agent's cost. */
        public boolean agent() {
            return ordinal() < JIT.ordinal();
        }
    }

    /** CPU samples read, by part. */
    public record AgentCpu(long samples, long[] byPart) {
        public long count(Part p) {
            return byPart[p.ordinal()];
        }

        /** Share of the samples, 0–1; 0 without samples. */
        public double share(Part p) {
            return samples == 0 ? 0 : (double) count(p) / samples;
        }

        /** Share of the samples in every part that is the agent's. */
        public double agentShare() {
            double s = 0;
            for (Part p : Part.values()) {
                if (p.agent()) {
                    s += share(p);
                }
            }
            return s;
        }
    }

    /** The CPU samples whose time (epoch nanoseconds) {@code inWindow} accepts. */
    public AgentCpu read(Path jfr, LongPredicate inWindow) throws IOException {
        long[] byPart = new long[Part.values().length];
        long samples = 0;
        // Stacks repeat: sort each once, keyed by the stack object as WallSampleReader does.
        Map<StackTrace, Part> sorted = new IdentityHashMap<>();
        try (JfrReader r = new JfrReader(jfr.toString())) {
            for (ExecutionSample e; (e = r.readEvent(ExecutionSample.class)) != null;) {
                if (!CPU_STATE.equals(r.getEnumValue(WallSampleReader.THREAD_STATE, e.threadState))
                        || !inWindow.test(r.eventTimeToNanos(e.time))) {
                    continue;
                }
                Part thread = byThread(r.threads.get(e.tid));
                Part p = thread == Part.AGENT_THREADS ? thread : byStack(r, e, sorted);
                if (p == Part.HOST && thread != null) {
                    p = thread;
                }
                byPart[p.ordinal()]++;
                samples++;
            }
        } catch (RuntimeException e) {
            throw new IOException("cannot read " + jfr.getFileName() + ": " + e, e);
        }
        return new AgentCpu(samples, byPart);
    }

    /** The part a thread's name puts all its samples in; null for the app's own threads. */
    static Part byThread(String name) {
        if (name == null) {
            return null;
        }
        if (name.startsWith("JFR ") || name.startsWith("poolscope-") || name.startsWith("Async-profiler")) {
            return Part.AGENT_THREADS;
        }
        // The JVM cuts thread names at 15 characters: "C2 CompilerThre".
        if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
            return Part.JIT;
        }
        if (name.startsWith("GC ") || name.startsWith("G1 ")) {
            return Part.GC;
        }
        return null;
    }

    /** The agent's part a frame belongs to; HOST when none. */
    static Part byFrame(String frame) {
        if (frame.startsWith("libasyncProfiler")) {
            return Part.ASYNC_PROFILER;
        }
        if (frame.startsWith("dev.poolscope.agent.threads.ThreadClock")) {
            return Part.THREAD_CLOCK;
        }
        if (frame.startsWith("dev.poolscope.agent.WallFilter") || frame.startsWith("one.profiler.")) {
            return Part.WALL_FILTER;
        }
        if (frame.startsWith("jdk.jfr.") || frame.startsWith("libjvm.so.Jfr")) {
            return Part.JFR_COMMITS;
        }
        if (frame.startsWith("dev.poolscope.agent.")) {
            return Part.OTHER_HOOKS;
        }
        return Part.HOST;
    }

    /** The first agent part, in {@link Part} order, that any frame of the stack is in; HOST when none. */
    static Part byFrames(Iterable<String> frames) {
        Part best = Part.HOST;
        for (String f : frames) {
            Part p = byFrame(f);
            if (p.ordinal() < best.ordinal()) {
                best = p;
            }
        }
        return best;
    }

    private static Part byStack(JfrReader r, ExecutionSample e, Map<StackTrace, Part> sorted) {
        StackTrace t = r.stackTraces.get(e.stackTraceId);
        if (t == null) {
            return Part.HOST;
        }
        return sorted.computeIfAbsent(t, k -> byFrames(frames(r, k)));
    }

    private static List<String> frames(JfrReader r, StackTrace t) {
        List<String> out = new ArrayList<>(t.methods.length);
        for (long id : t.methods) {
            MethodRef m = r.methods.get(id);
            if (m != null) {
                String cls = ConverterFrames.className(r, m);
                String method = ConverterFrames.symbol(r, m.name);
                out.add(cls.isEmpty() ? method : cls + "." + method);
            }
        }
        return out;
    }
}
