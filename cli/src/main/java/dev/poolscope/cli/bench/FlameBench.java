package dev.poolscope.cli.bench;

import dev.poolscope.cli.Folders;
import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Layout;

import dev.poolscope.format.folder.RunFolder;

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
 * poolscope's flame graphs against async-profiler's converter on the same file, alternated repeat by repeat: our one
 * run writing the HTML and the collapsed text against the converter's two runs writing the same two files.
 */
@Command(name = "flame", mixinStandardHelpOptions = true, description = "Times poolscope's wall-clock flame graph (HTML and collapsed text) against async-profiler's converter making the same two files from RUN_DIR/"
        + RunFolder.ASYNC_PROFILER_PATH + ", alternated; prints the medians and the ratio.")
final class FlameBench implements Callable<Integer> {
    /** async-profiler's converter, which the analysis jar carries. */
    static final String CONVERTER = "one.convert.Main";

    @Parameters(paramLabel = "RUN_DIR", description = "a run folder with " + RunFolder.ASYNC_PROFILER_PATH)
    Path run;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", description = "repeats, each runs both once (default: ${DEFAULT-VALUE})")
    int repeat;

    @Override
    public Integer call() throws Exception {
        Path profile = run.resolve(RunFolder.ASYNC_PROFILER_PATH);
        if (!Files.isRegularFile(profile) || Files.size(profile) == 0) {
            throw new UserError(profile + " is missing or empty (a run with async-profiler has one)");
        }
        if (repeat < 1) {
            throw new UserError("--repeat must be at least 1");
        }
        Analysis analysis = new Analysis(Layout.detect());
        Path scratch = Files.createTempDirectory("poolscope-bench-flame-");
        List<Double> converter = new ArrayList<>();
        List<Double> ours = new ArrayList<>();
        try {
            for (int r = 0; r < repeat; r++) {
                for (int k = 0; k < 2; k++) {
                    if ((k == 0) == (r % 2 == 0)) {
                        converter.add(time(analysis.tool(CONVERTER, List.of("--wall", "--norm",
                                profile.toString(), scratch.resolve("conv.html").toString())), scratch)
                                + time(analysis.tool(CONVERTER, List.of("--wall", "--norm", "-o", "collapsed",
                                        profile.toString(), scratch.resolve("conv.collapsed").toString())),
                                        scratch));
                    } else {
                        ours.add(time(analysis.command(List.of("flame", profile.toString(), "--mode", "wall",
                                "--out", scratch.toString())), scratch));
                    }
                }
                System.err.printf(Locale.ROOT, "[bench flame] repeat %d/%d done%n", r + 1, repeat);
            }
        } finally {
            Folders.deleteTree(scratch);
        }
        double theirs = OverheadTable.median(converter.stream().mapToDouble(Double::doubleValue).toArray());
        double mine = OverheadTable.median(ours.stream().mapToDouble(Double::doubleValue).toArray());
        System.out.printf(Locale.ROOT,
                "flame graph speed on %s (%.1f MB, %d repeats, medians of wall time)%n",
                profile, Files.size(profile) / 1e6, repeat);
        System.out.printf(Locale.ROOT, "  converter --wall: html + collapsed (two runs) %6.2f s%n", theirs);
        System.out.printf(Locale.ROOT,
                "  poolscope flame: html + collapsed (one run)   %6.2f s   ratio %.2f (target <= 1.20)%n",
                mine,
                mine / theirs);
        return 0;
    }

    private static double time(List<String> command, Path scratch) throws Exception {
        Path output = scratch.resolve("output.txt");
        Timed t = Timed.run(command, output);
        if (t.exit() != 0) {
            throw new UserError(String.join(" ", command) + " exited " + t.exit() + ": "
                    + AnalysisBench.lastLine(output));
        }
        return t.wallSeconds();
    }
}
