package dev.poolscope.cli.run;

import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Agent;
import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Layout;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.run.RunJson;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;

/**
 * One recording of a JVM that is already running, through the JDK's attach API: the agent is loaded with
 * {@code agentmain}, records for the duration, and is sent {@code stop}, which returns once its files are
 * written. The agent publishes its state as system properties of the target; they tell an earlier attach
 * apart from ours. The run folder has the layout of {@code run} without {@code jmeter/}.
 */
final class AttachRun {

    /** {@code alreadyAttached}: non-null when another recording was running, which was left alone. */
    record Outcome(Path dir, int analysisExit, String alreadyAttached) {
    }

    static final String STATE = "poolscope.agent.state";
    static final String OUT = "poolscope.agent.out";
    static final String MESSAGE = "poolscope.agent.message";
    /** The agent stops itself this long after the duration if the stop never comes (this process was killed). */
    static final int STOP_AFTER_GRACE_S = 120;
    /** How long a call through the attach API may take: the agent's start took up to 26 s on a loaded machine. */
    static final java.time.Duration ATTACH_BOUND = java.time.Duration.ofSeconds(120);
    static final int MIN_FEATURE = 21;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Layout layout;
    private final RunExecutor.Progress progress;

    AttachRun(Layout layout, RunExecutor.Progress progress) {
        this.layout = layout;
        this.progress = progress;
    }

    Outcome execute(long pid, int seconds, String agentOptions, boolean analyze, Path dir)
            throws IOException, InterruptedException {
        layout.require(layout.agentJar(), "profiler-agent");
        ProcessHandle process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .orElseThrow(() -> new UserError("no process with pid " + pid));
        requireJvm(pid, process);
        VirtualMachine vm = connect(pid);
        try {
            Properties props = vm.getSystemProperties();
            int feature = feature(props.getProperty("java.specification.version", "0"));
            if (feature < MIN_FEATURE) {
                throw new UserError("pid " + pid + " runs Java " + props.getProperty("java.version")
                        + ": the agent needs " + MIN_FEATURE + " or newer");
            }
            if ("recording".equals(props.getProperty(STATE))) {
                return new Outcome(dir, -1, alreadyAttached(pid, props));
            }
            RunExecutor.requireEmpty(dir);
            Path agentDir = dir.resolve(RunFolder.AGENT);
            Files.createDirectories(agentDir);
            RunJson.Builder run = RunJson.builder("0.1.0-SNAPSHOT")
                    .attached(pid, process.info().commandLine().orElse(null),
                            props.getProperty("java.version"))
                    .durationSeconds(seconds).agent(true, agentOptions);
            write(dir, run);

            String options = Agent.options(agentDir, agentOptions,
                    "stopAfter=" + (seconds + STOP_AFTER_GRACE_S) + "s");
            progress.phase("attach",
                    "loading the agent into pid " + pid + " (Java " + props.getProperty("java.version")
                            + ")");
            run.attachMs(System.currentTimeMillis());
            load(vm, options);
            Properties after = vm.getSystemProperties();
            if (!"recording".equals(after.getProperty(STATE))
                    || !agentDir.toString().equals(after.getProperty(OUT))) {
                if ("recording".equals(after.getProperty(STATE))) {
                    // Another client won the race: its recording goes on, ours never started.
                    return new Outcome(dir, -1, alreadyAttached(pid, after));
                }
                throw new UserError("the agent did not start in pid " + pid + ": "
                        + after.getProperty(MESSAGE, "no reason given (see the app's stderr)"));
            }
            Thread stopOnExit = new Thread(() -> stop(pid), "poolscope-attach-stop");
            Runtime.getRuntime().addShutdownHook(stopOnExit);
            run.loadStartMs(System.currentTimeMillis());
            write(dir, run);
            List<long[]> cpu = new ArrayList<>();
            run.appCpuDuringLoad(cpu);
            boolean alive = record(process, seconds, cpu);
            run.loadEndMs(System.currentTimeMillis());
            if (!alive) {
                run.appDied();
                write(dir, run);
                throw new UserError(
                        "pid " + pid + " exited during the recording; what it wrote is in " + agentDir
                                + " (./poolscope analyze " + dir + ")");
            }
            progress.phase("stop", "async-profiler, JFR, hooks inert");
            load(vm, "stop");
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
            run.stoppedMs(System.currentTimeMillis());
            run.agentState(vm.getSystemProperties().getProperty(MESSAGE));
            write(dir, run);
        } finally {
            vm.detach();
        }
        int analysisExit = -1;
        if (analyze) {
            progress.phase("analyse", dir + " (heap " + Analysis.heap() + ")");
            analysisExit = new Analysis(layout).analyze(dir);
        }
        return new Outcome(dir, analysisExit, null);
    }

    /**
     * Attaching sends the target a SIGQUIT before it answers; a process that is not a JVM would die of it. So a pid
     * that is not among the JVMs this user can see, and whose command is not a java launcher, is refused first.
     */
    private static void requireJvm(long pid, ProcessHandle process) {
        String id = Long.toString(pid);
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            if (d.id().equals(id)) {
                return;
            }
        }
        String command = process.info().command().orElse("");
        if (!Path.of(command.isEmpty() ? "?" : command).getFileName().toString().equals("java")) {
            throw new UserError("pid " + pid + " is not a Java VM"
                    + (command.isEmpty() ? " this user can see" : " (" + command + ")"));
        }
    }

    private static VirtualMachine connect(long pid) throws IOException {
        try {
            return Bounded.within(ATTACH_BOUND, "pid " + pid + " did not answer the attach API within "
                    + ATTACH_BOUND.toSeconds()
                    + " s (its attach listener is busy or the JVM is stuck); nothing"
                    + " was loaded", () -> VirtualMachine.attach(Long.toString(pid)));
        } catch (AttachNotSupportedException | IOException e) {
            throw new UserError("cannot attach to pid " + pid + ": " + oneLine(e)
                    + " (same user? started with -XX:+DisableAttachMechanism?)");
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private void load(VirtualMachine vm, String options) throws IOException {
        try {
            Bounded.within(ATTACH_BOUND, "the agent did not return from " + (options.equals("stop")
                    ? "its stop"
                    : "its start") + " within " + ATTACH_BOUND.toSeconds() + " s; it stops itself "
                    + STOP_AFTER_GRACE_S + " s after the duration", () -> {
                        vm.loadAgent(layout.agentJar().toString(), options);
                        return null;
                    });
        } catch (AgentLoadException | AgentInitializationException e) {
            throw new UserError("the target JVM refused the agent: " + oneLine(e));
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** Sends stop from a fresh connection (the shutdown hook of this process). */
    private void stop(long pid) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                vm.loadAgent(layout.agentJar().toString(), "stop");
            } finally {
                vm.detach();
            }
            System.err.println("[attach] stopped the recording in pid " + pid + " on the way out");
        } catch (Exception e) {
            System.err.println("[attach] could not stop the recording in pid " + pid + " (" + oneLine(e)
                    + "); the agent stops itself " + STOP_AFTER_GRACE_S + " s after the duration");
        }
    }

    /** Waits the duration, sampling the target's CPU once a second; false when it exited meanwhile. */
    private boolean record(ProcessHandle process, int seconds, List<long[]> cpu) throws InterruptedException {
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long lastReport = start;
        sample(process, cpu);
        while (System.nanoTime() < end) {
            Thread.sleep(Math.min(1_000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
            if (!process.isAlive()) {
                return false;
            }
            sample(process, cpu);
            if (System.nanoTime() - lastReport >= 10_000_000_000L) {
                lastReport = System.nanoTime();
                long elapsed = (lastReport - start) / 1_000_000_000L;
                progress.phase("record", elapsed + " s of " + seconds + " s");
            }
        }
        return true;
    }

    private static void sample(ProcessHandle process, List<long[]> cpu) {
        process.info().totalCpuDuration()
                .ifPresent(d -> cpu.add(new long[]{System.currentTimeMillis(), d.toMillis()}));
    }

    private static String alreadyAttached(long pid, Properties props) {
        return "pid " + pid + " is already attached: the poolscope agent records to " + props.getProperty(OUT)
                + "; that recording goes on untouched";
    }

    static int feature(String specVersion) {
        String v = specVersion.startsWith("1.") ? specVersion.substring(2) : specVersion;
        int dot = v.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    private static void write(Path dir, RunJson.Builder run) throws IOException {
        JSON.writeValue(dir.resolve(RunFolder.RUN_JSON).toFile(),
                run.writtenAt(Instant.now().toString()).build());
    }
}
