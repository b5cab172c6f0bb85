package dev.poolscope.agent;

import dev.poolscope.agent.console.ConsoleLine;

import java.lang.instrument.Instrumentation;

/**
 * Starts everything, on JDK 21+ only (see {@link Premain}). Each part may fail on its own; whatever fails is
 * said once and the rest carries on. Nothing here may stop the host from starting.
 *
 * <p>
 * One recording at a time. From premain it lasts until the JVM exits. Attached to a running JVM
 * ({@code agentmain}) it lasts until {@code stop} is sent the same way, {@code stopAfter} elapses or the JVM
 * exits. The state is published as system properties ({@value #STATE}, {@value #OUT}, {@value #MESSAGE}), which
 * an attach client reads without loading anything.
 */
public final class Agent {
    static final String STATE = "poolscope.agent.state";
    static final String OUT = "poolscope.agent.out";
    static final String MESSAGE = "poolscope.agent.message";
    static final String STOP = "stop";

    private static final Object LOCK = new Object();
    private static Session current;
    private static boolean hooksInstalled;

    private Agent() {
    }

    /** premain. */
    public static void start(String args, Instrumentation inst) {
        begin(args, inst, false);
    }

    /** agentmain: {@code stop} ends the recording and returns once its files are written; else a new one starts. */
    public static void attach(String args, Instrumentation inst) {
        if (args != null && args.strip().equals(STOP)) {
            Session s;
            synchronized (LOCK) {
                s = current;
            }
            if (s == null) {
                status("idle", "stop asked, but nothing was recording");
                return;
            }
            s.stop("stop asked through the attach API");
            return;
        }
        begin(args, inst, true);
    }

    private static void begin(String args, Instrumentation inst, boolean attached) {
        synchronized (LOCK) {
            if (current != null && !current.stopped()) {
                // The running recording is left exactly as it is.
                AgentLog.info("already attached: recording to " + current.o.out() + " since "
                        + java.time.Instant.ofEpochMilli(current.startEpochMillis)
                        + "; this attach changes nothing");
                return;
            }
            Session s = startSession(args, inst, attached);
            if (s != null) {
                current = s;
            }
        }
    }

    private static Session startSession(String args, Instrumentation inst, boolean attached) {
        long t0 = System.nanoTime();
        long startEpochMillis = System.currentTimeMillis();
        AgentOptions o = AgentOptions.parse(args, ProcessHandle.current().pid());
        if (!o.problems().isEmpty()) {
            AgentLog.info("options: " + String.join("; ", o.problems())
                    + " (the rest as given; see profiler-agent/README.md)");
        }
        if (!JfrRecording.isWritable(o.out())) {
            off("cannot write to " + o.out() + ": the agent is off and the app runs unprofiled");
            return null;
        }
        long free = DiskGuard.usable(o.out());
        if (free >= 0 && free < o.minFreeBytes()) {
            off("only " + free / (1 << 20) + " MB free in " + o.out() + " (minFree "
                    + o.minFreeBytes() / (1 << 20) + " MB): the agent is off and the app runs unprofiled");
            return null;
        }
        AgentLog.openFile(o.out().resolve("agent.log"));
        String version = Agent.class.getPackage().getImplementationVersion();

        long tA = System.nanoTime();
        if (o.instrument()) {
            try {
                dev.poolscope.agent.loops.LoopHooks.configure(o.loopStall());
                if (!hooksInstalled) {
                    Instrumenter.install(inst, attached);
                    hooksInstalled = true;
                }
                HookSwitch.set(true);
            } catch (Throwable t) {
                AgentLog.info("could not install the hooks, recording JDK events only: " + t);
            }
        } else {
            HookSwitch.set(false);
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
        Thread guard = o.minFreeBytes() > 0 ? DiskGuard.start(o.out(), o.minFreeBytes(), jfr, asprof) : null;
        Session s = new Session(o, version, startEpochMillis, asprofState, jfr, asprof, console, guard);
        Runtime.getRuntime().addShutdownHook(new Thread(s::atExit, "poolscope-agent-shutdown"));
        if (!o.stopAfter().isZero()) {
            Thread timer = new Thread(() -> {
                try {
                    Thread.sleep(o.stopAfter().toMillis());
                    s.stop("stopAfter=" + o.stopAfter().toSeconds() + "s elapsed");
                } catch (InterruptedException e) {
                    // Stopped before: nothing to do.
                }
            }, "poolscope-stop-after");
            timer.setDaemon(true);
            timer.start();
        }
        String started = "recording to " + o.out() + " (" + (jfr != null ? "JFR" : "no JFR")
                + (asprof != null ? " + async-profiler" : "")
                + (o.instrument() && hooksInstalled ? " + hooks" : "")
                + (attached ? ", attached to a running JVM" : "") + "), started in "
                + (System.nanoTime() - t0) / 1_000_000 + " ms";
        AgentLog.info(started);
        System.setProperty(OUT, o.out().toString());
        status("recording", started);
        return s;
    }

    private static void off(String message) {
        AgentLog.info(message);
        status("off", message);
    }

    static void status(String state, String message) {
        try {
            System.setProperty(STATE, state);
            System.setProperty(MESSAGE, message);
        } catch (Throwable t) {
            // A security manager or a frozen Properties: the client then sees no state, never the host an error.
            Suppressed.record(t);
        }
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

    /** One recording. Order matters when it ends: async-profiler first, then the recording, then metadata. */
    private static final class Session {
        final AgentOptions o;
        final String version;
        final long startEpochMillis;
        final Metadata.AsyncProfilerState asprofState;
        final JfrRecording jfr;
        final AsyncProfilerControl asprof;
        final Thread console;
        final Thread guard;
        private boolean stopped;

        Session(AgentOptions o, String version, long startEpochMillis,
                Metadata.AsyncProfilerState asprofState,
                JfrRecording jfr, AsyncProfilerControl asprof, Thread console, Thread guard) {
            this.o = o;
            this.version = version;
            this.startEpochMillis = startEpochMillis;
            this.asprofState = asprofState;
            this.jfr = jfr;
            this.asprof = asprof;
            this.console = console;
            this.guard = guard;
        }

        synchronized boolean stopped() {
            return stopped;
        }

        /**
         * Ends the recording while the JVM runs on: the hooks go inert, async-profiler stops, the recording is
         * written to {@code recording.jfr}. Returns once the files are complete; a second call waits for the
         * first and does nothing.
         */
        synchronized void stop(String why) {
            if (stopped) {
                return;
            }
            stopped = true;
            try {
                HookSwitch.set(false);
                interrupt();
                if (asprof != null) {
                    asprof.stop();
                }
                if (jfr != null) {
                    jfr.stopAndWrite();
                }
                writeMetadata(o, version, startEpochMillis, System.currentTimeMillis(), asprofState);
                String done = "stopped (" + why + "): wrote " + o.out() + "; the hooks are inert";
                if (Suppressed.count() > 0) {
                    done += "; suppressed " + Suppressed.count() + " errors in the agent so far";
                }
                AgentLog.info(done);
                status("stopped", done);
            } catch (Throwable t) {
                Suppressed.record(t);
                status("stopped", "stopped with an error: " + t);
            } finally {
                AgentLog.close();
            }
        }

        /**
         * The JVM is going. The file itself is written by JFR's own shutdown hook (the recording has a
         * destination): stopping it here too would race that hook, which deletes the repository's chunks while
         * we copy them.
         */
        synchronized void atExit() {
            if (stopped) {
                return;
            }
            stopped = true;
            try {
                interrupt();
                if (asprof != null) {
                    asprof.stop();
                }
                if (jfr != null) {
                    jfr.beforeExit();
                }
                writeMetadata(o, version, startEpochMillis, System.currentTimeMillis(), asprofState);
                if (Suppressed.count() > 0) {
                    AgentLog.info("suppressed " + Suppressed.count() + " errors in the agent during the run");
                }
            } catch (Throwable t) {
                System.err.println(AgentLog.PREFIX + "shutdown: " + t);
            } finally {
                AgentLog.close();
            }
        }

        private void interrupt() {
            if (console != null) {
                console.interrupt();
            }
            if (guard != null) {
                guard.interrupt();
            }
        }
    }
}
