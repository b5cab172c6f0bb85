package dev.poolscope.analysis.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import dev.poolscope.format.launch.AnalysisJvm;

/**
 * Which JIT the analysis runs with. Both launchers (the {@code poolscope} script and the cli's {@code Analysis}) start
 * it with the C1 compiler alone ({@link AnalysisJvm#C1_ONLY}): most of a small input's CPU time is the C2 compiler's, which pays
 * back only over a large input. An input over {@link #LARGE_BYTES} restarts the analysis, once, with the JVM's full
 * tiered compilation.
 *
 * <p>
 * Measured on 2 cores, alternated, JDK 25, -Xmx512m (docs/lab/analysis-speed.md, 2026-11-26): a 30 s lab run (about 7 MB)
 * 2.9 s wall / 5.4 s CPU with both compilers against 2.1 s / 2.7 s with C1 alone; a 298 MB input 11.3–11.6 s against
 * 10.3–10.6 s; 595 MB 16.0–17.2 s against 17.8–18.3 s; 1.2 GB 22.2 s against 26.5 s.
 */
final class JitChoice {
    /** Recordings and .jtl files together, in bytes: below it C1 alone was faster in every measurement. */
    static final long LARGE_BYTES = 256L << 20;
    /** Set on the restarted JVM: the pid of the JVM that started it, which it outlives by no more than a moment. */
    static final String PARENT = "poolscope.analysis.parent";
    private static final long PARENT_POLL_MS = 200;
    /** How deep a run folder keeps its inputs: RUN/agent-N/jfr-repository/DATE/chunk.jfr in a sweep's run. */
    private static final int DEPTH = 5;

    private JitChoice() {
    }

    /**
     * The command that reruns this analysis with both compilers, or null to go on in this JVM: it was not started with
     * C1 alone, or its input is small.
     */
    static List<String> relaunch(String[] args) {
        return relaunch(args, ManagementFactory.getRuntimeMXBean().getInputArguments(),
                ProcessHandle.current().info().command().orElse(null), System.getProperty("java.class.path"));
    }

    /** As {@link #relaunch(String[])}, for a JVM with these options, this java binary and this class path. */
    static List<String> relaunch(String[] args, List<String> jvmOptions, String java, String classPath) {
        if (java == null || !jvmOptions.contains(AnalysisJvm.C1_ONLY) || inputBytes(args) <= LARGE_BYTES) {
            return null;
        }
        List<String> command = new ArrayList<>();
        command.add(java);
        jvmOptions.stream().filter(a -> !a.equals(AnalysisJvm.C1_ONLY)).forEach(command::add);
        command.add("-D" + PARENT + "=" + ProcessHandle.current().pid());
        command.addAll(List.of("-cp", classPath, AnalysisCli.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /**
     * In the restarted JVM, stops it when the JVM that started it is gone, however that one ended: a shutdown hook
     * there would miss a SIGKILL, and the work would go on for nobody.
     */
    static void followParent() {
        String parent = System.getProperty(PARENT);
        if (parent == null) {
            return;
        }
        ProcessHandle first;
        try {
            first = ProcessHandle.of(Long.parseLong(parent)).orElse(null);
        } catch (NumberFormatException e) {
            return; // Not set by relaunch: nothing to follow.
        }
        // Polled, not ProcessHandle.onExit: for a process that is not its child the JDK polls too, but backs off to
        // 5 s between looks.
        Thread t = new Thread(() -> {
            try {
                while (first != null && first.isAlive()) {
                    Thread.sleep(PARENT_POLL_MS);
                }
            } catch (InterruptedException e) {
                return;
            }
            Runtime.getRuntime().halt(AnalysisCli.FAILED);
        }, "poolscope-analysis-parent");
        t.setDaemon(true);
        t.start();
    }

    /** The bytes of the recordings (.jfr) and JMeter results (.jtl) the arguments name, as files or in folders. */
    static long inputBytes(String[] args) {
        long total = 0;
        for (String a : args) {
            Path p;
            try {
                p = Path.of(a);
            } catch (RuntimeException e) {
                continue;
            }
            if (Files.isRegularFile(p)) {
                total += input(p) ? size(p) : 0;
            } else if (Files.isDirectory(p)) {
                try (Stream<Path> files = Files.walk(p, DEPTH)) {
                    total += files.filter(f -> input(f) && Files.isRegularFile(f)).mapToLong(JitChoice::size)
                            .sum();
                } catch (IOException | UncheckedIOException e) {
                    // Unreadable: the command itself says so; the JIT choice is only about speed.
                }
            }
        }
        return total;
    }

    private static boolean input(Path f) {
        String name = f.getFileName() == null ? "" : f.getFileName().toString();
        return name.endsWith(".jfr") || name.endsWith(".jtl");
    }

    private static long size(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            return 0;
        }
    }
}
