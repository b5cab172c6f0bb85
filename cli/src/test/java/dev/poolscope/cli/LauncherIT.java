package dev.poolscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The launcher under test: every command of {@code ./poolscope}'s usage and of the docs goes through
 * {@code ./poolscope}, its {@code --help} and a real invocation. The cheap invocations are here, on committed data; the
 * load runs are the end-to-end ITs, which go through {@code ./poolscope} as well. A documented command the script does
 * not route (as {@code check} once was) fails here.
 */
class LauncherIT {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path HOME = Launcher.HOME;
    /** A run folder the real agent recorded on the lab app with a starved pool (the analysis' golden fixture). */
    static final Path STARVED = HOME.resolve("analysis/src/test/resources/fixtures/starved-pool");
    static final Path SUMMARY = HOME.resolve("cli/src/test/resources/check/held-across-call");

    /** Where each command's real invocation through ./poolscope is: a new command needs one. */
    static final Map<String, String> REAL = Map.ofEntries(Map.entry("help", "helpAndUnknownCommands"),
            Map.entry("java-home", "javaHomeIsAJdk21OrNewer"),
            Map.entry("app", "EndToEndIT (the apps attach records); appRefusesAnUnknownStack"),
            Map.entry("run", "EndToEndIT, FaultsIT, OwnAppIT, InstancesIT"),
            Map.entry("attach", "EndToEndIT"),
            Map.entry("sweep", "EndToEndIT"), Map.entry("experiment", "experimentAndScenariosListEveryFile"),
            Map.entry("scenarios", "ScenariosIT; scenariosEvaluateAnalysesWithTheAnalysisHeap"),
            Map.entry("analyze", "analyzeCompareAndExportACommittedRecording"),
            Map.entry("compare", "analyzeCompareAndExportACommittedRecording"),
            Map.entry("export", "analyzeCompareAndExportACommittedRecording"),
            Map.entry("bench", "benchMakesARecordingAndTimesItsAnalysis"),
            Map.entry("bench synth-recording", "benchMakesARecordingAndTimesItsAnalysis"),
            Map.entry("bench analysis", "benchMakesARecordingAndTimesItsAnalysis; EndToEndIT"),
            Map.entry("bench flame", "EndToEndIT (a real run's async-profiler.jfr)"),
            Map.entry("bench overhead", "benchMakesARecordingAndTimesItsAnalysis (its checks; its runs are"
                    + " minutes of load)"),
            Map.entry("check", "checkHoldsACommittedSummary"));

    @TempDir
    Path work;

    @Test
    void everyDocumentedCommandIsRoutedAndAnswersHelp() throws Exception {
        Set<String> documented = documented();
        assertThat(documented).as("commands named by the usage and the docs").contains("run", "check",
                "bench");
        assertThat(REAL.keySet()).as("a real invocation for every documented command")
                .containsAll(documented);
        // Two at a time: each is a JVM start, and CI has two cores.
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            List<Future<?>> checks = new ArrayList<>();
            for (String command : documented) {
                if (command.equals("help") || command.equals("java-home")) {
                    // No --help of their own: help is the usage, java-home prints the JDK (both tested below).
                    continue;
                }
                checks.add(pool.submit(() -> {
                    Launcher.Result r = Launcher.run((command + " --help").split(" "));
                    assertThat(r.exit()).as("%s --help: %s", command, r).isZero();
                    assertThat(r.out()).as("%s --help", command).startsWith("Usage: poolscope");
                    return null;
                }));
            }
            for (Future<?> check : checks) {
                check.get();
            }
        }
    }

    @Test
    void helpAndUnknownCommands() throws Exception {
        Launcher.Result help = Launcher.run("help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).startsWith("Usage: ./poolscope COMMAND [options]");
        Launcher.Result none = Launcher.run();
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.out()).isEqualTo(help.out());
        Launcher.Result unknown = Launcher.run("chek", "x");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).isEqualTo("poolscope: unknown command 'chek' (try ./poolscope --help)\n");
    }

    /** Without POOLSCOPE_JAVA_HOME the script finds a JDK itself: one of 21 or newer, whatever runs Maven. */
    @Test
    void javaHomeIsAJdk21OrNewer() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("POOLSCOPE_JAVA_HOME", null);
        Launcher.Result r = Launcher.run(env, 2, "java-home");
        assertThat(r.exit()).as(r.toString()).isZero();
        Path jdk = Path.of(r.out().trim());
        assertThat(jdk.resolve("bin/java")).isExecutable();
        assertThat(jdk.resolve("bin/javac")).isExecutable();
        Matcher v = Pattern.compile("JAVA_VERSION=\"(\\d+)")
                .matcher(Files.readString(jdk.resolve("release")));
        assertThat(v.find()).isTrue();
        assertThat(Integer.parseInt(v.group(1))).isGreaterThanOrEqualTo(21);
    }

    /** The README's CI gate, on the summary of a lab-app run whose connections were held across a slow call. */
    @Test
    void checkHoldsACommittedSummary() throws Exception {
        Launcher.Result holds = Launcher.run("check", SUMMARY.toString(), "--max", "client_p99=3s", "--max",
                "error_rate=0.01");
        assertThat(holds.exit()).as(holds.toString()).isZero();
        assertThat(holds.out()).isEqualTo("poolscope check: all 2 conditions hold\n");
        Path junit = work.resolve("check.xml");
        Launcher.Result broken = Launcher.run("check", SUMMARY.toString(), "--max", "client_p99=800ms",
                "--forbid", "pool-starvation", "--junit", junit.toString());
        assertThat(broken.exit()).as(broken.toString()).isEqualTo(1);
        assertThat(broken.out().lines()).hasSize(2).allMatch(l -> l.startsWith("BROKEN  "));
        assertThat(Files.readString(junit)).contains("<testsuite").contains("failures=\"2\"");
        Launcher.Result usage = Launcher.run("check", SUMMARY.toString());
        assertThat(usage.exit()).isEqualTo(2);
        assertThat(usage.err())
                .isEqualTo("poolscope: give at least one --max FIELD=LIMIT or --forbid RULE\n");
    }

    @Test
    void analyzeCompareAndExportACommittedRecording() throws Exception {
        Path run = copyRun(STARVED, work.resolve("starved-pool"));
        Launcher.Result analysed = Launcher.run("analyze", run.toString());
        assertThat(analysed.exit()).as(analysed.toString()).isZero();
        assertThat(analysed.out())
                .startsWith("wrote " + run.resolve("report.html") + "; primary cause: pool-starvation");
        assertThat(JSON.readTree(run.resolve("summary.json").toFile()).path("primary_cause").asText())
                .isEqualTo("pool-starvation");
        // A second run to compare it with: the same one, analysed, under another name.
        Path again = work.resolve("starved-pool-again");
        Folders.copyTree(run, again);
        Path out = work.resolve("compared");
        Launcher.Result r = Launcher.run("compare", "--out", out.toString(), run.toString(),
                again.toString());
        assertThat(r.exit()).as(r.toString()).isZero();
        assertThat(r.out()).contains("wrote " + out.resolve("compare.html"));
        JsonNode compare = JSON.readTree(out.resolve("compare.json").toFile());
        assertThat(compare.path("runs").findValuesAsText("primary_cause")).containsExactly("pool-starvation",
                "pool-starvation");
        // The fixture has the JDK's recording only: its lock kind is the profile it can export.
        Path lock = work.resolve("lock.collapsed");
        Launcher.Result exported = Launcher.run("export", run.toString(), "--format", "collapsed", "--kind",
                "lock",
                "--out", lock.toString());
        assertThat(exported.exit()).as(exported.toString()).isZero();
        assertThat(exported.out()).startsWith("wrote " + lock + " (");
        assertThat(Files.readAllLines(lock)).isNotEmpty().allMatch(l -> l.matches(".+ \\d+"));
    }

    @Test
    void experimentAndScenariosListEveryFile() throws Exception {
        Launcher.Result experiments = Launcher.run("experiment", "--list");
        assertThat(experiments.exit()).as(experiments.toString()).isZero();
        assertThat(experiments.out().lines().filter(l -> !l.startsWith(" ")).map(l -> l.split(" ")[0]))
                .containsExactlyInAnyOrderElementsOf(names(HOME.resolve("experiments")));
        Launcher.Result scenarios = Launcher.run("scenarios", "--list");
        assertThat(scenarios.exit()).as(scenarios.toString()).isZero();
        assertThat(scenarios.out().lines().filter(l -> !l.startsWith(" ")).map(l -> l.split(" ")[0]))
                .containsExactlyInAnyOrderElementsOf(names(HOME.resolve("scenarios")));
        Launcher.Result none = Launcher.run("experiment", "seed-999");
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).startsWith("poolscope: no experiment 'seed-999': one of seed-001,");
    }

    /** Every start of the analysis gets its heap; scenarios --evaluate started it without (JVM default). */
    @Test
    void scenariosEvaluateAnalysesWithTheAnalysisHeap() throws Exception {
        Path suite = work.resolve("suite");
        copyRun(STARVED, suite.resolve("held-across-call"));
        Launcher.Result r = Launcher.run(Map.of("POOLSCOPE_ANALYSIS_XMX", "1m"), 5, "scenarios", "--evaluate",
                suite.toString(), "held-across-call");
        assertThat(r.exit()).as(r.toString()).isEqualTo(1);
        assertThat(r.err()).as(r.toString()).contains("(heap -Xmx1m)");
        assertThat(r.out()).as("the JVM says so").contains("Too small maximum heap");
        JsonNode row = JSON.readTree(suite.resolve("scenarios.json").toFile()).path("scenarios").get(0);
        assertThat(row.path("status").asText()).as("the analysis could not start in 1 MB")
                .isEqualTo("analysis-failed");
    }

    @Test
    void benchMakesARecordingAndTimesItsAnalysis() throws Exception {
        Path synthetic = work.resolve("synthetic");
        Launcher.Result made = Launcher.run("bench", "synth-recording", synthetic.toString(), "--size-mb",
                "1");
        assertThat(made.exit()).as(made.toString()).isZero();
        assertThat(made.out()).startsWith("wrote " + synthetic.resolve("agent/recording.jfr") + ": ");
        Path run = copyRun(STARVED, work.resolve("starved-pool"));
        long events = 0;
        try (RecordingFile recording = new RecordingFile(run.resolve("agent/recording.jfr"))) {
            for (; recording.hasMoreEvents(); events++) {
                recording.readEvent();
            }
        }
        Launcher.Result timed = Launcher.run("bench", "analysis", run.toString(), "--repeat", "1", "--xmx",
                "384m");
        assertThat(timed.exit()).as(timed.toString()).isZero();
        List<String> lines = timed.out().lines().toList();
        assertThat(lines).as(timed.toString()).hasSize(8);
        assertThat(lines.get(0)).isEqualTo("bench analysis: " + run + ", 1 repeat, all JVMs -Xmx384m");
        assertThat(lines.get(1)).isEqualTo(String.format(java.util.Locale.ROOT,
                "recordings: agent/recording.jfr (1.0 MB, %,d events)", events));
        assertThat(lines.get(4)).matches(
                "1 +(\\d+\\.\\d\\d s +){2}\\d+ MB +(\\d+\\.\\d\\d s +){4}\\d+ MB( +\\d+\\.\\d\\d){2}");
        assertThat(lines.get(6))
                .matches("ratio analyze/bare: wall \\d+\\.\\d\\d, cpu \\d+\\.\\d\\d \\(medians.*");
        // The parser alone counted every event the JDK's did: no line says otherwise.
        assertThat(lines.get(7))
                .matches(
                        "ratio parser/bare: wall \\d+\\.\\d\\d, cpu \\d+\\.\\d\\d \\(poolscope's parser alone.*");
        assertThat(timed.err()).contains("[bench analysis] repeat 1/1: bare ", ", parser ");
        try (Stream<Path> left = Files.list(run)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("the run is left as it was")
                    .containsExactlyInAnyOrder("agent", "run.json");
        }
        Launcher.Result none = Launcher.run("bench", "analysis", synthetic.resolve("agent").toString());
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).isEqualTo("poolscope: " + synthetic.resolve("agent")
                + " has no recording: no agent/recording.jfr, agent/jfr-repository/*.jfr or agent/async-profiler.jfr\n");
        Launcher.Result noProfile = Launcher.run("bench", "flame", run.toString());
        assertThat(noProfile.exit()).isEqualTo(2);
        assertThat(noProfile.err()).isEqualTo("poolscope: " + run.resolve("agent/async-profiler.jfr")
                + " is missing or empty (a run with async-profiler has one)\n");
        Launcher.Result overhead = Launcher.run("bench", "overhead", "--rounds", "0");
        assertThat(overhead.exit()).isEqualTo(2);
        assertThat(overhead.err()).isEqualTo("poolscope: --rounds must be at least 1\n");
    }

    /** ./poolscope app takes its command line from the cli; a wrong stack is one line, nothing started. */
    @Test
    void appRefusesAnUnknownStack() throws Exception {
        Launcher.Result r = Launcher.run("app", "--stack", "netty");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("poolscope: --stack must be servlet or reactive, got 'netty'\n");
    }

    /**
     * The commands ./poolscope's usage lists, and every {@code ./poolscope COMMAND} (with bench's subcommand) that the
     * README, docs/ and the modules' READMEs show.
     */
    static Set<String> documented() throws Exception {
        Set<String> commands = new TreeSet<>();
        String usage = Launcher.run("help").out();
        Matcher m = Pattern.compile("(?m)^  ([a-z][a-z-]+)\\b")
                .matcher(usage.substring(usage.indexOf("Commands:")));
        while (m.find()) {
            commands.add(m.group(1));
        }
        Pattern shown = Pattern.compile("\\./poolscope (bench [a-z][a-z-]*|[a-z][a-z-]*)");
        try (Stream<Path> docs = Stream.concat(Stream.concat(Stream.of(HOME.resolve("README.md")),
                Files.walk(HOME.resolve("docs"))), Files.list(HOME).map(d -> d.resolve("README.md")))) {
            for (Path doc : docs.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
                    .toList()) {
                Matcher d = shown.matcher(Files.readString(doc));
                while (d.find()) {
                    commands.add(d.group(1));
                }
            }
        }
        return commands;
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".properties"))
                    .map(n -> n.substring(0, n.length() - ".properties".length())).sorted().toList();
        }
    }

    /** A run folder as run leaves it, from a committed one: agent/ and a run.json. */
    static Path copyRun(Path from, Path to) throws Exception {
        Folders.copyTree(from.resolve("agent"), to.resolve("agent"));
        Files.writeString(to.resolve("run.json"), "{}");
        return to;
    }
}
