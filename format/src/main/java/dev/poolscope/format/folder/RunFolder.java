package dev.poolscope.format.folder;

import java.util.regex.Pattern;

/**
 * The names of a run folder's files and folders, for the launcher that lays it out, the agent that writes its
 * {@code agent/} part and the analysis that reads it (docs/reference/recording-format.md, "A run folder"). The {@code *_PATH}
 * constants are the same files relative to the run folder, as messages and reports name them.
 */
public final class RunFolder {
    // Written by the launcher.
    /** The run's configuration and phases. */
    public static final String RUN_JSON = "run.json";
    /** The app's stdout and stderr (one instance). */
    public static final String APP_LOG = "app.log";
    /** JMeter's load phase: {@link #RESULTS_JTL}, {@link #JMETER_LOG}, {@link #DASHBOARD}. */
    public static final String JMETER = "jmeter";
    /** JMeter's warm-up phase, laid out as {@link #JMETER}. */
    public static final String WARMUP = "warmup";
    public static final String RESULTS_JTL = "results.jtl";
    public static final String JMETER_LOG = "jmeter.log";
    public static final String DASHBOARD = "dashboard";

    // Written by the agent, into the folder it is given (out=DIR): agent/ in a run folder.
    /** The agent's folder (one instance); {@link #instanceAgent(int)} with several. */
    public static final String AGENT = "agent";
    /** The JDK recording, dumped at shutdown. */
    public static final String RECORDING_JFR = "recording.jfr";
    /** JFR's on-disk chunks, which survive a kill -9. */
    public static final String JFR_REPOSITORY = "jfr-repository";
    public static final String ASYNC_PROFILER_JFR = "async-profiler.jfr";
    public static final String METADATA_JSON = "metadata.json";
    public static final String AGENT_LOG = "agent.log";

    // Written by the analysis.
    public static final String REPORT_HTML = "report.html";
    public static final String SUMMARY_JSON = "summary.json";
    /** Per-thread cause lanes, so compare can draw them without the recordings. */
    public static final String TIMELINE_JSON = "timeline.json";
    /** Flame graphs: {@code flame-NAME.html} and {@code flame-NAME.collapsed.gz}. */
    public static final String FLAME_PREFIX = "flame-";
    /** The profiles exported as pprof, OTLP, speedscope or collapsed stacks ({@code analyze --export}). */
    public static final String EXPORT = "export";

    // A sweep or experiment folder: one run folder per setting, and these.
    public static final String SWEEP_JSON = "sweep.json";
    public static final String EXPERIMENT_JSON = "experiment.json";
    public static final String COMPARE_JSON = "compare.json";
    public static final String COMPARE_HTML = "compare.html";
    public static final String FLAME_DIFF_HTML = "flame-diff.html";

    /** As messages name them, relative to the run folder. */
    public static final String RECORDING_PATH = AGENT + "/" + RECORDING_JFR;
    public static final String JFR_REPOSITORY_PATH = AGENT + "/" + JFR_REPOSITORY;
    public static final String ASYNC_PROFILER_PATH = AGENT + "/" + ASYNC_PROFILER_JFR;
    public static final String METADATA_PATH = AGENT + "/" + METADATA_JSON;
    public static final String RESULTS_JTL_PATH = JMETER + "/" + RESULTS_JTL;

    /** The agent folders of a run of several instances of one service: {@code agent-1}, {@code agent-2}, … */
    public static final Pattern INSTANCE_AGENT = Pattern.compile(AGENT + "-(\\d+)");

    private RunFolder() {
    }

    /** The agent folder of instance {@code n} (from 1) of a run of several. */
    public static String instanceAgent(int n) {
        return AGENT + "-" + n;
    }

    /** The app log of instance {@code n} (from 1) of a run of several. */
    public static String instanceLog(int n) {
        return "app-" + n + ".log";
    }

    /** The report of one instance of a run of several, named by its agent folder. */
    public static String instanceReport(String agentFolder) {
        return "report-" + agentFolder + ".html";
    }
}
