package dev.poolscope.analysis.flame;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.poolscope.analysis.model.GapWindow;
import dev.poolscope.analysis.model.MeasuredWindow;
import dev.poolscope.analysis.model.RequestTimeline;
import dev.poolscope.analysis.model.RunModel;
import dev.poolscope.format.folder.RunFolder;

/**
 * The report's flame graphs and the exports of the same samples: which recording each reads, in which converter mode,
 * and which samples it keeps. One definition, so an exported profile holds exactly the samples of the report's graph.
 * Every kind keeps the measured window only: warm-up and shutdown would blur a comparison between runs.
 */
public enum ProfileKind {
    /** Every thread's CPU samples. */
    CPU("cpu", "cpu", FlameGraphs.Mode.CPU, true),
    /** Wall-clock samples of the threads that served requests. */
    WALL("wall", "wall", FlameGraphs.Mode.WALL, true),
    /** Wall-clock samples inside the Redis → getConnection gaps of each request, on its thread. */
    GAPS("gaps", "wall-gaps", FlameGraphs.Mode.WALL, true),
    /** The JDK recording's park and monitor waits of the threads that served requests. */
    LOCK("lock", "lock", FlameGraphs.Mode.LOCK, false);

    /** async-profiler's recording in an agent folder (the agent's {@code AsyncProfilerControl.FILE}). */
    public static final String ASYNC_PROFILER_FILE = RunFolder.ASYNC_PROFILER_JFR;

    private final String id;
    private final String graph;
    private final FlameGraphs.Mode mode;
    private final boolean asyncProfiler;

    ProfileKind(String id, String graph, FlameGraphs.Mode mode, boolean asyncProfiler) {
        this.id = id;
        this.graph = graph;
        this.mode = mode;
        this.asyncProfiler = asyncProfiler;
    }

    /** The name users type ({@code --kind}) and export files carry. */
    public String id() {
        return id;
    }

    /** The report's graph name: {@code flame-NAME.html}. */
    public String graph() {
        return graph;
    }

    public FlameGraphs.Mode mode() {
        return mode;
    }

    /** True: read from async-profiler's recording; false: from the JDK's. */
    public boolean asyncProfiler() {
        return asyncProfiler;
    }

    /** The kind named {@code id}, or null. */
    public static ProfileKind of(String id) {
        for (ProfileKind k : values()) {
            if (k.id.equals(id.toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        return null;
    }

    /** Which samples of the run this kind keeps. */
    public FlameGraphs.Selection selection(RunModel model) {
        MeasuredWindow w = model.window();
        return switch (this) {
            case CPU -> (java, os, t) -> w.contains(t);
            case WALL, LOCK -> {
                Set<Long> workers = new HashSet<>();
                for (RequestTimeline r : model.requests()) {
                    workers.add(r.threadId());
                }
                yield (java, os, t) -> workers.contains(java) && w.contains(t);
            }
            case GAPS -> {
                // Keyed by Java thread id, and by OS thread id (as -(os + 2), apart from any Java id) for samples
                // whose recording does not name the Java thread.
                Map<Long, List<GapWindow>> gaps = new HashMap<>();
                for (GapWindow g : model.redisToConnectionGaps()) {
                    gaps.computeIfAbsent(g.javaThreadId(), k -> new ArrayList<>()).add(g);
                    gaps.computeIfAbsent(-(g.osThreadId() + 2), k -> new ArrayList<>()).add(g);
                }
                yield (java, os, t) -> inside(gaps.get(java), t) || inside(gaps.get(-(os + 2)), t);
            }
        };
    }

    private static boolean inside(List<GapWindow> windows, long t) {
        if (windows == null) {
            return false;
        }
        for (GapWindow g : windows) {
            if (t >= g.startNanos() && t < g.endNanos()) {
                return true;
            }
        }
        return false;
    }
}
