package dev.poolscope.agent;

import dev.poolscope.agent.console.ConsoleLine;

import java.lang.instrument.Instrumentation;

/**
 * Starts everything, on JDK 21+ only (see {@link Premain}). Each part may fail on its own; whatever fails is
 * said once and the rest carries on. Nothing here may stop the host from starting.
 */
public final class Agent {
    private Agent() {
    }

    public static void start(String args, Instrumentation inst) {
        long t0 = System.nanoTime();
        long startEpochMillis = System.currentTimeMillis();
        AgentOptions o = AgentOptions.parse(args, ProcessHandle.current().pid());
        if (!o.problems().isEmpty()) {
            AgentLog.info("options: " + String.join("; ", o.problems())
                    + " (the rest as given; see profiler-agent/README.md)");
        }
        if (!JfrRecording.isWritable(o.out())) {
            AgentLog.info("cannot write to " + o.out() + ": the agent is off and the app runs unprofiled");
            return;
        }
        long free = DiskGuard.usable(o.out());
        if (free >= 0 && free < o.minFreeBytes()) {
            AgentLog.info("only " + free / (1 << 20) + " MB free in " + o.out() + " (minFree "
                    + o.minFreeBytes() / (1 << 20) + " MB): the agent is off and the app runs unprofiled");
            return;
        }
        AgentLog.openFile(o.out().resolve("agent.log"));
        String version = Agent.class.getPackage().getImplementationVersion();

        long tA = System.nanoTime();
        if (o.instrument()) {
            try {
                dev.poolscope.agent.loops.LoopHooks.configure(o.loopStall());
                Instrumenter.install(inst);
            } catch (Throwable t) {
                AgentLog.info("could not install the hooks, recording JDK events only: " + t);
            }
        }
        long tB = System.nanoTime();
        JfrRecording jfr = null;
        try {
            jfr = JfrRecording.start(o);
        } catch (Throwable t) {
            AgentLog.info("could not start the JDK recording: " + t);
        }
        long tC = System.nanoTime();
        AsyncProfilerControl asprof = null;
        Metadata.AsyncProfilerState asprofState;
        if (!o.asprof()) {
            asprofState = new Metadata.AsyncProfilerState(false, null, "disabled by asprof=false");
        } else {
            try {
                asprof = AsyncProfilerControl.start(o);
                asprofState = new Metadata.AsyncProfilerState(true, asprof.events(), null);
            } catch (Throwable t) {
                asprofState = new Metadata.AsyncProfilerState(false, null, String.valueOf(t));
                AgentLog.info("async-profiler did not load, recording with JFR alone: " + t);
            }
        }
        long tD = System.nanoTime();
        writeMetadata(o, version, startEpochMillis, null, asprofState);
        if (System.getenv("POOLSCOPE_AGENT_TIMING") != null) {
            AgentLog.info("timing ms: setup " + (tA - t0) / 1_000_000 + ", hooks " + (tB - tA) / 1_000_000
                    + ", jfr " + (tC - tB) / 1_000_000 + ", asprof " + (tD - tC) / 1_000_000);
        }
        Thread console = o.console() ? startConsole(o) : null;
        if (o.minFreeBytes() > 0) {
            DiskGuard.start(o.out(), o.minFreeBytes(), jfr, asprof);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(
                new Shutdown(o, version, startEpochMillis, asprofState, jfr, asprof, console),
                "poolscope-agent-shutdown"));
        AgentLog.info("recording to " + o.out() + " (" + (jfr != null ? "JFR" : "no JFR")
                + (asprof != null ? " + async-profiler" : "") + (o.instrument() ? " + hooks" : "")
                + "), started in "
                + (System.nanoTime() - t0) / 1_000_000 + " ms");
    }

    private static void writeMetadata(AgentOptions o, String version, long start, Long end,
            Metadata.AsyncProfilerState asprof) {
        try {
            Metadata.write(o, version, start, end, asprof);
        } catch (Throwable t) {
            AgentLog.info("could not write " + Metadata.FILE + ": " + t);
        }
    }

    private static Thread startConsole(AgentOptions o) {
        ConsoleLine line = new ConsoleLine();
        long sleepMillis = o.consoleInterval().toMillis();
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(sleepMillis);
                    String text = line.next();
                    if (text != null) {
                        AgentLog.console(text);
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (Throwable e) {
                    // A loop that never dies: count and carry on.
                    Suppressed.record(e);
                }
            }
        }, "poolscope-console");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Order matters: async-profiler must stop before the JVM goes, then the recording, then metadata. */
    private record Shutdown(AgentOptions o, String version, long start,
            Metadata.AsyncProfilerState asprofState,
            JfrRecording jfr, AsyncProfilerControl asprof, Thread console) implements Runnable {
        @Override
        public void run() {
            try {
                if (console != null) {
                    console.interrupt();
                }
                if (asprof != null) {
                    asprof.stop();
                }
                if (jfr != null) {
                    jfr.beforeExit();
                }
                writeMetadata(o, version, start, System.currentTimeMillis(), asprofState);
                if (Suppressed.count() > 0) {
                    AgentLog.info("suppressed " + Suppressed.count() + " errors in the agent during the run");
                }
            } catch (Throwable t) {
                System.err.println(AgentLog.PREFIX + "shutdown: " + t);
            } finally {
                AgentLog.close();
            }
        }
    }
}
