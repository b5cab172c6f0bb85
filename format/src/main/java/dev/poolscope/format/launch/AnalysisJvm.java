package dev.poolscope.format.launch;

/**
 * How every launcher starts the analysis JVM, and what the analysis then expects of its own options: the cli's
 * {@code Analysis}, the {@code poolscope} script (a shell script, which spells the option itself; a cli test checks it)
 * and the analysis' {@code JitChoice}, which restarts itself with both compilers for a large input.
 */
public final class AnalysisJvm {
    /**
     * The C1 compiler alone: on a small input most of the analysis' CPU time would be the C2 compiler's, which pays
     * back only over a large input (docs/lab/analysis-speed.md).
     */
    public static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    /**
     * The analysis jar's main class that reads every event of its FILE arguments with poolscope's parser and keeps
     * nothing, printing how many it read: the floor {@code bench analysis} times beside the JDK's bare read.
     */
    public static final String PARSER_READ = "dev.poolscope.analysis.recording.ParserRead";

    private AnalysisJvm() {
    }
}
