package dev.poolscope.agent;

import java.nio.file.Path;

import one.profiler.AsyncProfiler;

/**
 * async-profiler's cpu and wall samplers writing their own JFR file. Optional: if the native library cannot
 * load (another OS, a locked-down machine) the agent says so once and records with JFR alone.
 */
final class AsyncProfilerControl {
    static final String FILE = "async-profiler.jfr";
    static final String EVENTS = "cpu,wall";
    private final AsyncProfiler profiler;

    private AsyncProfilerControl(AsyncProfiler profiler) {
        this.profiler = profiler;
    }

    /** Started profiler, or an exception saying why not. */
    static AsyncProfilerControl start(AgentOptions o) throws Exception {
        AsyncProfiler p = AsyncProfiler.getInstance();
        // cpu uses perf_events and falls back to a timer by itself where perf is not allowed.
        String command = "start,event=cpu,interval=" + o.cpuInterval().toNanos() + ",wall="
                + o.wallInterval().toMillis() + "ms,file=" + o.out().resolve(FILE);
        p.execute(command);
        return new AsyncProfilerControl(p);
    }

    /** Must run before the JVM exits: a short-lived JVM can otherwise leave a corrupt file. */
    void stop() {
        try {
            profiler.execute("stop");
        } catch (Throwable t) {
            AgentLog.info("async-profiler did not stop cleanly: " + t);
        }
    }
}
