package dev.poolscope.agent;

import dev.poolscope.agent.console.ConsoleLine;
import dev.poolscope.agent.request.RequestStats;
import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.metadata.AgentMetadata;

import java.lang.instrument.Instrumentation;

/**
 * Starts everything, on JDK 21+ only (see {@link Premain}). Each part may fail on its own; whatever fails is
 * said once and the rest carries on. Nothing here may stop the host from starting.
 *
 * <p>
 * One recording at a time. From premain it lasts until the JVM exits. Attached to a running JVM
 * ({@code agentmain}) it lasts until {@code stop} is sent the same way, {@code stopAfter} elapses or the JVM
 * exits. The state is published as system properties ({@value #STATE}, {@value #OUT}, {@value #MESSAGE}), which
 * an attach client reads without loading anything. Over 300 lines because start, stop and the published state
 * are one life cycle: each part's start is a few lines of wiring whose failure handling must see the others.
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
                    + " (the rest as given; see docs/reference/agent-options.md)");
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
        AgentLog.openFile(o.out().resolve(RunFolder.AGENT_LOG));
        String version = Agent.class.getPackage().getImplementationVersion();
        RequestStats.recording(false);

        long tA = System.nanoTime();
        // Before the hooks, whose first request loads the request event (JDK 25+ only; see the class).
        ContextualFields.install(inst);
        // The hooks stay on this thread: from premain they must be in place before the host loads its classes.
        if (o.instrument()) {
            try {
                dev.poolscope.agent.loops.LoopHooks.configure(o.loopStall());
                dev.poolscope.agent.request.ClockBudget.configure(o.requestClockPerSecond());
                dev.poolscope.agent.statements.StatementHooks.configure(o.statements());
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
        Session s = new Session(o, version, startEpochMillis, attached);
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
        System.setProperty(OUT, o.out().toString());
        if (attached) {
            // The attach client reads the state as soon as agentmain returns: everything is started by then.
            s.startRecording(t0, tA, tB);
        } else {
            // JFR (its MBean server, its first chunk) and async-profiler's native library take most of the
            // start-up: they start beside the host's main instead of before it. Requests that begin before the
            // recording runs are counted (RequestStats); a main that returns sooner waits for it (the waiter).
            status("recording", "starting: recording to " + o.out());
            Thread starter = new Thread(() -> s.startRecording(t0, tA, tB), "poolscope-agent-starter");
            // Daemon, so the threads JFR and the samplers create from it are daemons too; the waiter below is not,
            // so a main that returns before the recording runs does not end the JVM before it starts (once the
            // JVM shuts down, JFR can no longer start and the run would have no JDK recording).
            starter.setDaemon(true);
            s.starter = starter;
            starter.start();
            Thread waiter = new Thread(() -> s.awaitStarter(false), "poolscope-agent-start-wait");
            waiter.setDaemon(false);
            waiter.start();
        }
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
            Long recordingStart, AgentMetadata.AsyncProfiler asprof) {
        try {
            Metadata.write(o, version, start, end, recordingStart, asprof);
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

    /**
     * One recording. From premain its parts start on the starter thread ({@link #startRecording}) while the host
     * runs, and each part is published here as it comes up; a stop waits for that thread (bounded) before it
     * ends them. Order matters when it ends: async-profiler first, then the recording, then metadata.
     */
    private static final class Session {
        /** How long a stop or the exit waits for a start still under way before it ends what is up. */
        static final long STARTER_WAIT_MILLIS = 15_000;
        final AgentOptions o;
        final String version;
        final long startEpochMillis;
        final boolean attached;
        volatile Thread starter;
        /** The JDK recording started or failed; until then an exit does not wait for the starter (below). */
        private volatile boolean jfrSettled;
        private AgentMetadata.AsyncProfiler asprofState = new AgentMetadata.AsyncProfiler(false, null,
                "not started yet", null);
        private Long recordingStartEpochMillis;
        private JfrRecording jfr;
        private AsyncProfilerControl asprof;
        private Thread console;
        private Thread guard;
        private boolean stopped;

        Session(AgentOptions o, String version, long startEpochMillis, boolean attached) {
            this.o = o;
            this.version = version;
            this.startEpochMillis = startEpochMillis;
            this.attached = attached;
        }

        synchronized boolean stopped() {
            return stopped;
        }

        /**
         * The JDK recording, async-profiler, the samplers' threads and the first metadata. Never throws: what
         * fails is said once and counted, and the rest carries on (async-profiler failing leaves JFR alone).
         */
        void startRecording(long t0, long tA, long tB) {
            try {
                JfrRecording j = null;
                try {
                    j = JfrRecording.start(o);
                } catch (Throwable t) {
                    Suppressed.count(t);
                    AgentLog.info("could not start the JDK recording: " + t);
                }
                jfrSettled = true;
                long tC = System.nanoTime();
                if (j != null && !publish(j)) {
                    j.stopAndWrite();
                    return;
                }
                AsyncProfilerControl a = null;
                AgentMetadata.AsyncProfiler state;
                if (!o.asprof()) {
                    state = new AgentMetadata.AsyncProfiler(false, null, "disabled by asprof=false", null);
                } else {
                    try {
                        a = AsyncProfilerControl.start(o);
                        state = new AgentMetadata.AsyncProfiler(true, a.events(), null,
                                System.currentTimeMillis());
                    } catch (Throwable t) {
                        // Not counted as suppressed: metadata.json's asyncProfiler.error carries it.
                        state = new AgentMetadata.AsyncProfiler(false, null, String.valueOf(t), null);
                        AgentLog.info("async-profiler did not load, recording with JFR alone: " + t);
                    }
                }
                long tD = System.nanoTime();
                if (!publish(a, state)) {
                    if (a != null) {
                        a.stop();
                    }
                    return;
                }
                metadata(null);
                if (System.getenv("POOLSCOPE_AGENT_TIMING") != null) {
                    AgentLog.info("timing ms: setup " + (tA - t0) / 1_000_000 + ", hooks "
                            + (tB - tA) / 1_000_000 + ", jfr " + (tC - tB) / 1_000_000 + ", asprof "
                            + (tD - tC) / 1_000_000 + "; premain " + (tB - t0) / 1_000_000
                            + (attached ? "" : " (jfr and asprof on the starter thread)"));
                }
                Thread c = o.console() ? startConsole(o) : null;
                Thread g = o.minFreeBytes() > 0 ? DiskGuard.start(o.out(), o.minFreeBytes(), j, a) : null;
                String started = "recording to " + o.out() + " (" + (j != null ? "JFR" : "no JFR")
                        + (a != null ? " + async-profiler" : "")
                        + (o.instrument() && hooksInstalled ? " + hooks" : "")
                        + (attached ? ", attached to a running JVM" : "") + "), started in "
                        + (System.nanoTime() - t0) / 1_000_000 + " ms"
                        + (attached ? "" : " (premain " + (tB - t0) / 1_000_000 + " ms)");
                if (publish(c, g)) {
                    AgentLog.info(started);
                    status("recording", started);
                }
            } catch (Throwable t) {
                // Whatever this was, the host must not see it: it runs on, recorded by what did start.
                Suppressed.count(t);
                AgentLog.info("start-up failed after the hooks, recording with what started: " + t);
            }
        }

        /** False when a stop came first: the caller then ends what it just started. */
        private synchronized boolean publish(JfrRecording j) {
            if (stopped) {
                return false;
            }
            jfr = j;
            recordingStartEpochMillis = System.currentTimeMillis();
            RequestStats.recording(true);
            return true;
        }

        private synchronized boolean publish(AsyncProfilerControl a, AgentMetadata.AsyncProfiler state) {
            if (stopped) {
                return false;
            }
            asprof = a;
            asprofState = state;
            return true;
        }

        private synchronized boolean publish(Thread c, Thread g) {
            console = c;
            guard = g;
            if (stopped) {
                interrupt();
                return false;
            }
            return true;
        }

        private synchronized void metadata(Long endEpochMillis) {
            writeMetadata(o, version, startEpochMillis, endEpochMillis, recordingStartEpochMillis,
                    asprofState);
        }

        /** A stop or the exit while the starter still runs: wait for it, but never without end. */
        private void awaitStarter(boolean sayWhenLate) {
            Thread t = starter;
            if (t == null || t == Thread.currentThread()) {
                return;
            }
            try {
                t.join(STARTER_WAIT_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (sayWhenLate && t.isAlive()) {
                AgentLog.info("still starting after " + STARTER_WAIT_MILLIS / 1000
                        + " s: stopping what is up without it");
            }
        }

        /**
         * Ends the recording while the JVM runs on: the hooks go inert, async-profiler stops, the recording is
         * written to {@code recording.jfr}. Returns once the files are complete; a second call waits for the
         * first and does nothing.
         */
        void stop(String why) {
            awaitStarter(true);
            stopNow(why);
        }

        private synchronized void stopNow(String why) {
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
                metadata(System.currentTimeMillis());
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
        void atExit() {
            // While JFR is still starting, waiting only delays the exit: JFR cannot start once the JVM shuts down
            // ("Shutdown in progress"; a System.exit in the first seconds waited up to the whole 15 s for nothing).
            // So only a start past JFR is waited for, for async-profiler's file to be closed.
            if (jfrSettled) {
                awaitStarter(true);
            }
            exitNow();
        }

        private synchronized void exitNow() {
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
                metadata(System.currentTimeMillis());
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
