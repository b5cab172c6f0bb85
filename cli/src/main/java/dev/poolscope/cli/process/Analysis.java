package dev.poolscope.cli.process;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.poolscope.format.launch.AnalysisJvm;

/**
 * The analysis as a process, the one way poolscope starts it: {@code java -Xmx... -jar analysis.jar COMMAND ...}. The
 * cli needs the analysis module for build order only (it is not on the cli's class path). Every start gets the same
 * bounded heap: POOLSCOPE_ANALYSIS_XMX (e.g. 2g), else 512m, which analyses a 1 GB recording
 * (docs/lab/analysis-speed.md); the JVM's default would be a quarter of the machine's RAM.
 */
public final class Analysis {
    static final String DEFAULT_HEAP = "512m";

    private final Layout layout;
    private final String heap;

    public Analysis(Layout layout) {
        this(layout, heap());
    }

    /** With this heap option (e.g. {@code -Xmx2g}) instead of POOLSCOPE_ANALYSIS_XMX's: a bench's {@code --xmx}. */
    public Analysis(Layout layout, String heap) {
        this.layout = layout;
        this.heap = heap;
    }

    /** The analysis JVM's heap option, e.g. {@code -Xmx512m}. */
    public static String heap() {
        return heap(System.getenv("POOLSCOPE_ANALYSIS_XMX"));
    }

    /** The heap option of {@code configured} (e.g. 2g), or of the default when it is null or blank. */
    public static String heap(String configured) {
        return "-Xmx" + (configured == null || configured.isBlank() ? DEFAULT_HEAP : configured.trim());
    }

    /** The heap option this analysis starts with. */
    public String heapOption() {
        return heap;
    }

    /** The command line of {@code analysis ARGS}, e.g. {@code analyze RUN_DIR}. */
    public List<String> command(List<String> args) {
        layout.require(layout.analysisJar(), "analysis");
        List<String> command = new ArrayList<>(
                List.of(Java.bin(), heap, AnalysisJvm.C1_ONLY, "-jar", layout.analysisJar().toString()));
        command.addAll(args);
        return command;
    }

    /** The command line of a tool the analysis jar carries (async-profiler's converter), with the same heap. */
    public List<String> tool(String mainClass, List<String> args) {
        layout.require(layout.analysisJar(), "analysis");
        List<String> command = new ArrayList<>(
                List.of(Java.bin(), heap, "-cp", layout.analysisJar().toString(), mainClass));
        command.addAll(args);
        return command;
    }

    /** Runs {@code analysis ARGS} with this process's output and error; its exit code. */
    public int run(List<String> args) throws IOException, InterruptedException {
        return Children.track(new ProcessBuilder(command(args)).inheritIO().start()).waitFor();
    }

    /** Runs {@code analysis ARGS} with its output into {@code stdout} and its error to this process's; its exit code. */
    public int run(List<String> args, Path stdout) throws IOException, InterruptedException {
        return Children.track(new ProcessBuilder(command(args)).redirectOutput(stdout.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start()).waitFor();
    }

    /** (Re)writes the run's report.html and summary.json; the analysis' exit code. */
    public int analyze(Path runDir) throws IOException, InterruptedException {
        return analyze(runDir, List.of());
    }

    /** As {@link #analyze(Path)}, also exporting every profile in these formats into RUN_DIR/export/. */
    public int analyze(Path runDir, List<String> exportFormats) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("analyze", runDir.toString()));
        if (!exportFormats.isEmpty()) {
            args.addAll(List.of("--export", String.join(",", exportFormats)));
        }
        return run(args);
    }
}
