package dev.poolscope.analysis.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.poolscope.analysis.flame.FlameGraphs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** One flame graph from one async-profiler (or JDK) recording, all threads: what the analysis benchmark times. */
@Command(name = "flame", mixinStandardHelpOptions = true, description = "Write flame-NAME.html and .collapsed.gz from a JFR file (all threads, whole file).")
final class FlameCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "JFR", description = "async-profiler or JDK recording")
    Path jfr;

    @Option(names = "--mode", defaultValue = "wall", description = "cpu, wall or lock (default: ${DEFAULT-VALUE})")
    String mode;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "folder for the graph")
    Path out;

    @Option(names = "--name", defaultValue = "graph", description = "file name part (default: ${DEFAULT-VALUE})")
    String name;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(jfr)) {
            System.err.println("poolscope-analysis: no such file: " + jfr);
            return AnalysisCli.FAILED;
        }
        FlameGraphs.Mode m;
        try {
            m = FlameGraphs.Mode.valueOf(mode.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            System.err.println("poolscope-analysis: --mode must be cpu, wall or lock, got '" + mode + "'");
            return 2;
        }
        Files.createDirectories(out);
        FlameGraphs.Graph g = new FlameGraphs().write(jfr, m, name, name, out,
                (javaTid, osTid, nanos) -> true);
        System.out.println(g.html() + " (" + g.samples() + " samples)");
        return 0;
    }
}
