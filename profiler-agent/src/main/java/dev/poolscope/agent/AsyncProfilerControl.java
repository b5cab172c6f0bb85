package dev.poolscope.agent;

import dev.poolscope.format.folder.RunFolder;

import java.nio.file.Path;

import one.profiler.AsyncProfiler;

/**
 * async-profiler's cpu and wall samplers writing their own JFR file. Optional: if the native library cannot
 * load (another OS, a locked-down machine) the agent says so once and records with JFR alone.
 */
final class AsyncProfilerControl {
    static final String FILE = RunFolder.ASYNC_PROFILER_JFR;
    private final AsyncProfiler profiler;
    private final String events;

    private AsyncProfilerControl(AsyncProfiler profiler, String events) {
        this.profiler = profiler;
        this.events = events;
    }

    /** What it samples, for metadata.json: the cpu engine, then {@code wall}. */
    String events() {
        return events;
    }

    /** Started profiler, or an exception saying why not. */
    static AsyncProfilerControl start(AgentOptions o) throws Exception {
        AsyncProfiler p = AsyncProfiler.getInstance();
        try {
            p.execute(command(o, o.cpuEvent()));
            return started(p, o, o.cpuEvent());
        } catch (Exception e) {
            if (o.cpuEvent().equals("cpu")) {
                throw e;
            }
            // ctimer and itimer are Linux timers; elsewhere async-profiler's cpu picks what the OS has.
            AgentLog.info("async-profiler cannot sample with " + o.cpuEvent() + " (" + e.getMessage()
                    + "), using its cpu engine");
            p.execute(command(o, "cpu"));
            return started(p, o, "cpu");
        }
    }

    private static AsyncProfilerControl started(AsyncProfiler p, AgentOptions o, String cpuEvent) {
        boolean filtered = o.wallThreads().equals(AgentOptions.WALL_REQUESTS);
        if (filtered) {
            WallFilter.enable(p);
        }
        return new AsyncProfilerControl(p, cpuEvent + ",wall");
    }

    static String command(AgentOptions o, String cpuEvent) {
        // An empty filter: the wall sampler skips every thread until WallFilter adds it.
        String filter = o.wallThreads().equals(AgentOptions.WALL_REQUESTS) ? ",filter" : "";
        String depth = o.stackDepth() > 0 ? ",jstackdepth=" + o.stackDepth() : "";
        return "start,event=" + cpuEvent + ",interval=" + o.cpuInterval().toNanos() + ",wall="
                + o.wallInterval().toMillis() + "ms" + filter + depth + ",file=" + o.out().resolve(FILE);
    }

    /** Must run before the JVM exits: a short-lived JVM can otherwise leave a corrupt file. */
    private final java.util.concurrent.atomic.AtomicBoolean stopped = new java.util.concurrent.atomic.AtomicBoolean();

    /** Once: the disk guard and the shutdown hook may both ask. */
    void stop() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            WallFilter.disable();
            profiler.execute("stop");
        } catch (Throwable t) {
            AgentLog.info("async-profiler did not stop cleanly: " + t);
        }
    }
}
