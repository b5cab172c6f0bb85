package dev.poolscope.cli.bench;

import dev.poolscope.cli.Folders;
import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Children;
import dev.poolscope.cli.process.Java;
import dev.poolscope.cli.process.Layout;

import dev.poolscope.format.folder.RunFolder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The analysis' speed against the JDK's and async-profiler's own tools on the same files, alternated round
 * by round: the whole report against {@code jfr print --json} merely dumping the recording, and our flame
 * graph (HTML and collapsed text) against the converter making the same two files.
 */
@Command(name = "analysis", mixinStandardHelpOptions = true, description = "Times analyze RUN_DIR against 'jfr print --json', and our flame graphs against async-profiler's converter. Prints the ratios.")
final class AnalysisBench implements Callable<Integer> {
    /** async-profiler's converter, which the analysis jar carries: the reference our flame graphs are timed against. */
    static final String CONVERTER = "one.convert.Main";

    @Parameters(paramLabel = "RUN_DIR", description = "a run folder with " + RunFolder.RECORDING_PATH
            + " and " + RunFolder.ASYNC_PROFILER_PATH)
    Path run;

    @Option(names = "--rounds", defaultValue = "3", description = "rounds (default: ${DEFAULT-VALUE})")
    int rounds;

    @Override
    public Integer call() throws Exception {
        Analysis analysis = new Analysis(Layout.detect());
        Path recording = run.resolve(RunFolder.RECORDING_PATH);
        Path profile = run.resolve(RunFolder.ASYNC_PROFILER_PATH);
        if (!Files.isRegularFile(recording) || Files.size(recording) == 0) {
            throw new UserError(recording + " is missing or empty");
        }
        if (rounds < 1) {
            throw new UserError("--rounds must be at least 1");
        }
        Path jfrTool = Java.tool("jfr");
        Path scratch = Files.createTempDirectory("poolscope-bench-");
        Path copy = scratch.resolve("run");
        Folders.copyTree(run, copy);
        List<Double> jfrPrint = new ArrayList<>();
        List<Double> analyze = new ArrayList<>();
        List<Double> analyzeRss = new ArrayList<>();
        List<Double> converter = new ArrayList<>();
        List<Double> ours = new ArrayList<>();
        boolean flames = Files.isRegularFile(profile);
        for (int r = 0; r < rounds; r++) {
            boolean jdkFirst = r % 2 == 0;
            for (int k = 0; k < 2; k++) {
                if ((k == 0) == jdkFirst) {
                    jfrPrint.add(time(List.of(jfrTool.toString(), "print", "--json", recording.toString())));
                } else {
                    analyze.add(time(analysis.command(List.of("analyze", copy.toString()))));
                    analyzeRss.add(lastPeakRssMb);
                }
            }
            if (flames) {
                for (int k = 0; k < 2; k++) {
                    if ((k == 0) == jdkFirst) {
                        double html = time(analysis.tool(CONVERTER, List.of("--wall", "--norm",
                                profile.toString(), scratch.resolve("conv.html").toString())));
                        double collapsed = time(analysis.tool(CONVERTER, List.of("--wall", "--norm", "-o",
                                "collapsed", profile.toString(),
                                scratch.resolve("conv.collapsed").toString())));
                        converter.add(html + collapsed);
                    } else {
                        ours.add(time(analysis.command(
                                List.of("flame", profile.toString(), "--mode", "wall", "--out",
                                        scratch.toString()))));
                    }
                }
            }
            System.err.printf(Locale.ROOT, "[bench analysis] round %d/%d done%n", r + 1, rounds);
        }
        System.out.printf(Locale.ROOT, "%nanalysis speed on %s (%.1f MB recording, %d rounds, medians)%n",
                run, Files.size(recording) / 1e6, rounds);
        System.out.printf(Locale.ROOT, "  jfr print --json (dump only)   %8.2f s%n",
                OverheadTable.median(toArray(jfrPrint)));
        System.out.printf(Locale.ROOT,
                "  poolscope analyze (full report) %7.2f s   ratio %.2f (target <= 1.00)%n",
                OverheadTable.median(toArray(analyze)),
                OverheadTable.median(toArray(analyze)) / OverheadTable.median(toArray(jfrPrint)));
        System.out.printf(Locale.ROOT,
                "  poolscope analyze peak RSS      %8.0f MB (VmHWM, max of rounds; %s)%n",
                analyzeRss.stream().mapToDouble(Double::doubleValue).max().orElse(-1),
                Analysis.heap());
        if (flames) {
            System.out.printf(Locale.ROOT, "  converter --wall: html + collapsed (two runs) %6.2f s%n",
                    OverheadTable.median(toArray(converter)));
            System.out.printf(Locale.ROOT,
                    "  poolscope flame: html + collapsed (one run)   %6.2f s   ratio %.2f (target <= 1.20)%n",
                    OverheadTable.median(toArray(ours)),
                    OverheadTable.median(toArray(ours)) / OverheadTable.median(toArray(converter)));
        } else {
            System.out.println("  (no " + RunFolder.ASYNC_PROFILER_PATH + ": flame graph timing skipped)");
        }
        Folders.deleteTree(scratch);
        return 0;
    }

    /** The last timed process' peak resident set (MB), or -1 where /proc does not tell. */
    private double lastPeakRssMb = -1;

    private double time(List<String> command) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = Children.track(new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        // VmHWM only grows; the last reading before the process exits is its peak, to within one poll.
        Path status = Path.of("/proc/" + p.pid() + "/status");
        long hwmKb = -1;
        while (!p.waitFor(20, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            hwmKb = Math.max(hwmKb, vmHwmKb(status));
        }
        lastPeakRssMb = hwmKb < 0 ? -1 : hwmKb / 1024.0;
        int exit = p.exitValue();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (exit != 0) {
            throw new UserError(String.join(" ", command) + " exited " + exit);
        }
        return seconds;
    }

    private static long vmHwmKb(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.substring(6).replace("kB", "").trim());
                }
            }
        } catch (IOException | RuntimeException gone) {
            // The process has just exited, or this is not Linux.
        }
        return -1;
    }

    private static double[] toArray(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
