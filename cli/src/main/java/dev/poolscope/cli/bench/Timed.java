package dev.poolscope.cli.bench;

import dev.poolscope.cli.process.Children;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A child process run to its end and what it took: wall seconds, CPU seconds (user and system), peak resident set. The
 * CPU is what the kernel charges this JVM for the children it has waited for ({@code cutime} and {@code cstime} of
 * /proc/self/stat), read before the child starts and after it has been reaped: the child's whole life to its last
 * instruction, its own children included, which polling the child would miss the end of. The benches time one child at
 * a time, so the difference is that child's. Without /proc/self/stat (not Linux) the CPU is the child's own figure as
 * last seen alive (ProcessHandle), short by at most one poll.
 *
 * @param exit
 *            the child's exit code
 * @param peakRssMb
 *            the largest VmHWM, as last seen alive, of the child and its descendants (MB): the analysis hands a large
 *            input to a JVM of its own; -1 where /proc does not tell
 */
record Timed(double wallSeconds, double cpuSeconds, double peakRssMb, int exit) {

    /** /proc/self/stat counts in USER_HZ, which Linux fixes at 100 on every architecture a JDK 21 runs on. */
    static final double TICKS_PER_SECOND = 100;
    private static final Path SELF_STAT = Path.of("/proc/self/stat");
    private static final long POLL_MS = 20;
    /** Descendants are looked for every 25 polls (half a second): the analysis' restarted JVM lives for seconds. */
    private static final long DESCENDANTS_EVERY = 25;

    /** Runs {@code command} with its output and error into {@code output}; returns when it has exited. */
    static Timed run(List<String> command, Path output) throws IOException, InterruptedException {
        long childTicks = childTicks();
        long start = System.nanoTime();
        // No guard shell: it is a child too, and its CPU would land in the figure.
        Process p = Children.trackUnguarded(new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start());
        long hwmKb = -1;
        Duration seen = Duration.ZERO;
        Set<Long> pids = new LinkedHashSet<>(List.of(p.pid()));
        long polls = 0;
        while (!p.waitFor(POLL_MS, TimeUnit.MILLISECONDS)) {
            // Finding descendants scans every process of the machine: done every DESCENDANTS_EVERY polls, not on each,
            // so the bench does not take the CPU it measures. Reading a known pid's status is one small file.
            if (polls++ % DESCENDANTS_EVERY == 0) {
                p.descendants().forEach(d -> pids.add(d.pid()));
            }
            // VmHWM only grows: the last reading before a process exits is its peak, to within one poll.
            for (long pid : pids) {
                hwmKb = Math.max(hwmKb, vmHwmKb(pid));
            }
            if (childTicks < 0) {
                seen = p.info().totalCpuDuration().orElse(seen);
            }
        }
        double wall = (System.nanoTime() - start) / 1e9;
        long after = childTicks();
        double cpu = childTicks >= 0 && after >= 0
                ? (after - childTicks) / TICKS_PER_SECOND
                : seen.toNanos() / 1e9;
        return new Timed(wall, cpu, hwmKb < 0 ? -1 : hwmKb / 1024.0, p.exitValue());
    }

    /** cutime + cstime of this JVM: CPU ticks of its reaped children; -1 where /proc/self/stat cannot be read. */
    static long childTicks() {
        try {
            return childTicks(Files.readString(SELF_STAT));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** From a /proc/PID/stat line: fields 16 and 17. The command name (field 2) may hold spaces, so count from its end. */
    static long childTicks(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (the state).
        return Long.parseLong(f[16 - 3]) + Long.parseLong(f[17 - 3]);
    }

    private static long vmHwmKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).replace("kB", "").trim());
                }
            }
        } catch (IOException | RuntimeException gone) {
            // The process has just exited, or this is not Linux.
        }
        return -1;
    }
}
