package dev.poolscope.cli.bench;

import dev.poolscope.cli.Folders;
import dev.poolscope.cli.UserError;
import dev.poolscope.cli.process.Analysis;
import dev.poolscope.cli.process.Java;
import dev.poolscope.cli.process.Layout;

import dev.poolscope.format.folder.RunFolder;
import dev.poolscope.format.launch.AnalysisJvm;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The analysis against the floor of its input (issue 27's target: the whole analysis no slower than one bare
 * single-threaded read of every event with the JDK's parser, both measured in one run). Alternated repeat by repeat,
 * each a JVM of its own with the same heap: {@link BareRead} over the run's recordings; poolscope's own parser over the
 * same files with nothing kept (the analysis jar's {@link AnalysisJvm#PARSER_READ}), which splits the gap into the
 * parser's part and the rest of the analysis' work; and the full {@code analyze} of the run, written into a scratch
 * folder whose input files are links to the run's (the run is left as it is).
 */
@Command(name = "analysis", mixinStandardHelpOptions = true, sortOptions = false, description = {
        "Times the full analyze of RUN_DIR against one bare single-threaded read of every event of its recordings with"
                + " the JDK's jdk.jfr.consumer.RecordingFile, and against poolscope's own parser reading the same"
                + " events on every core with nothing kept; alternated N times, each a JVM of its own with the same"
                + " heap. Prints each repeat's wall and CPU seconds and peak RSS, the medians, and the ratios"
                + " analyze/bare and parser/bare.",
        "The report is written into a scratch folder, which is deleted: RUN_DIR is left as it is."})
final class AnalysisBench implements Callable<Integer> {

    @Parameters(paramLabel = "RUN_DIR", description = "a run folder (" + RunFolder.RECORDING_PATH + ", "
            + RunFolder.ASYNC_PROFILER_PATH + ", the chunks in " + RunFolder.JFR_REPOSITORY_PATH + "/ when "
            + RunFolder.RECORDING_JFR + " is missing, " + RunFolder.AGENT + "-N/ of --instances)")
    Path run;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", description = "repeats, each runs all three once, which one first rotating (default: ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = "--xmx", paramLabel = "SIZE", description = "the heap of all three JVMs, e.g. 512m or 2g (default: POOLSCOPE_ANALYSIS_XMX, else 512m, as"
            + " for every analysis)")
    String xmx;

    @Override
    public Integer call() throws Exception {
        if (repeat < 1) {
            throw new UserError("--repeat must be at least 1");
        }
        if (xmx != null && !xmx.matches("\\d+[kKmMgG]?")) {
            throw new UserError("--xmx must be a size such as 512m or 2g, got '" + xmx + "'");
        }
        if (!Files.isDirectory(run)) {
            throw new UserError(run + " is not a run folder");
        }
        List<Path> recordings = recordings(run);
        if (recordings.isEmpty()) {
            throw new UserError(run + " has no recording: no " + RunFolder.RECORDING_PATH + ", "
                    + RunFolder.JFR_REPOSITORY_PATH + "/*.jfr or " + RunFolder.ASYNC_PROFILER_PATH);
        }
        Analysis analysis = new Analysis(Layout.detect(), xmx != null ? Analysis.heap(xmx) : Analysis.heap());
        List<String> bare = new ArrayList<>(List.of(Java.bin(), analysis.heapOption(), "-cp", ownClassPath(),
                BareRead.class.getName()));
        recordings.forEach(r -> bare.add(r.toString()));
        List<String> parser = analysis.tool(AnalysisJvm.PARSER_READ,
                recordings.stream().map(Path::toString).toList());
        Path scratch = Files.createTempDirectory("poolscope-bench-analysis-");
        try {
            Path copy = scratch.resolve(run.toAbsolutePath().normalize().getFileName().toString());
            linkInputs(run, copy);
            List<String> analyze = analysis.command(List.of("analyze", copy.toString()));
            List<Contender> all = List.of(new Contender("the bare read", bare, scratch.resolve("bare.txt")),
                    new Contender("the parser's read", parser, scratch.resolve("parser.txt")),
                    new Contender("analyze", analyze, scratch.resolve("analyze.txt")));
            for (int r = 0; r < repeat; r++) {
                for (int k = 0; k < all.size(); k++) {
                    // Each repeat starts one further along, so none of the three always runs first.
                    Contender c = all.get((k + r) % all.size());
                    c.times().add(check(Timed.run(c.command(), c.output()), c.what(), c.output()));
                }
                System.err.printf(Locale.ROOT,
                        "[bench analysis] repeat %d/%d: bare %.2f s, parser %.2f s, analyze %.2f s%n",
                        r + 1, repeat, all.get(0).times().getLast().wallSeconds(),
                        all.get(1).times().getLast().wallSeconds(),
                        all.get(2).times().getLast().wallSeconds());
            }
            // Both reads print how many events they read, the same every repeat: the last one's output is kept.
            System.out.print(table(run, recordings, Long.parseLong(lastLine(all.get(0).output())),
                    Long.parseLong(lastLine(all.get(1).output())), analysis.heapOption(), all.get(0).times(),
                    all.get(1).times(), all.get(2).times()));
        } finally {
            Folders.deleteTree(scratch);
        }
        return 0;
    }

    /** One of the JVMs the bench times: what it is called in an error, its command, where it writes, its times. */
    private record Contender(String what, List<String> command, Path output, List<Timed> times) {
        Contender(String what, List<String> command, Path output) {
            this(what, command, output, new ArrayList<>());
        }
    }

    /**
     * The files the analysis reads events from, in each agent folder ({@code agent/}, {@code agent-N/}): the JDK's
     * recording (or, when it is missing or empty, the chunks in its repository) and async-profiler's.
     */
    static List<Path> recordings(Path run) throws IOException {
        List<Path> agents = new ArrayList<>();
        try (Stream<Path> entries = Files.list(run)) {
            entries.filter(Files::isDirectory).filter(d -> agentNumber(d) >= 0)
                    .sorted(Comparator.comparingInt(AnalysisBench::agentNumber)).forEach(agents::add);
        }
        List<Path> files = new ArrayList<>();
        for (Path agent : agents) {
            Path recording = agent.resolve(RunFolder.RECORDING_JFR);
            Path repository = agent.resolve(RunFolder.JFR_REPOSITORY);
            if (nonEmpty(recording)) {
                files.add(recording);
            } else if (Files.isDirectory(repository)) {
                try (Stream<Path> chunks = Files.list(repository)) {
                    chunks.filter(c -> c.toString().endsWith(".jfr")).filter(AnalysisBench::nonEmpty).sorted()
                            .forEach(files::add);
                }
            }
            Path profiler = agent.resolve(RunFolder.ASYNC_PROFILER_JFR);
            if (nonEmpty(profiler)) {
                files.add(profiler);
            }
        }
        return files;
    }

    /** 0 for {@code agent/}, N for {@code agent-N/}, -1 for any other folder. */
    private static int agentNumber(Path dir) {
        String name = dir.getFileName().toString();
        if (name.equals(RunFolder.AGENT)) {
            return 0;
        }
        Matcher m = RunFolder.INSTANCE_AGENT.matcher(name);
        return m.matches() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static boolean nonEmpty(Path file) {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * What the analysis reads of the run, linked into {@code copy}: the agent folders, JMeter's folder and run.json. The
     * files it writes (report, summary, flame graphs) then land in {@code copy}, never through a link into the run.
     */
    static void linkInputs(Path run, Path copy) throws IOException {
        Files.createDirectories(copy);
        try (Stream<Path> entries = Files.list(run)) {
            for (Path e : (Iterable<Path>) entries::iterator) {
                String name = e.getFileName().toString();
                boolean input = Files.isDirectory(e)
                        ? agentNumber(e) >= 0 || name.equals(RunFolder.JMETER)
                        : name.equals(RunFolder.RUN_JSON);
                if (input) {
                    Folders.linkTree(e, copy.resolve(name));
                }
            }
        }
    }

    /** The table the bench prints: a row per repeat, the medians, the ratios. */
    static String table(Path run, List<Path> recordings, long events, long parserEvents, String heap,
            List<Timed> bare, List<Timed> parser, List<Timed> analyze) throws IOException {
        StringBuilder b = new StringBuilder();
        long bytes = 0;
        List<String> names = new ArrayList<>();
        for (Path r : recordings) {
            bytes += Files.size(r);
            names.add(run.relativize(r).toString());
        }
        b.append(String.format(Locale.ROOT, "bench analysis: %s, %d repeat%s, all JVMs %s%n", run,
                bare.size(),
                bare.size() == 1 ? "" : "s", heap));
        b.append(
                String.format(Locale.ROOT, "recordings: %s (%.1f MB, %,d events)%n", String.join(", ", names),
                        bytes / 1e6, events));
        if (parserEvents != events) {
            b.append(
                    String.format(Locale.ROOT, "events: the JDK's parser read %,d, poolscope's %,d%n", events,
                            parserEvents));
        }
        b.append("bare: every event read once with jdk.jfr.consumer.RecordingFile, one thread;"
                + " parser: every event read once with poolscope's parser, a thread per core, nothing kept;"
                + " analyze: the full report\n");
        String format = "%-7s %10s %9s %9s %12s %11s %13s %12s %12s %11s %10s%n";
        b.append(String.format(Locale.ROOT, format, "repeat", "bare wall", "bare cpu", "bare rss",
                "parser wall", "parser cpu", "analyze wall", "analyze cpu", "analyze rss", "ratio wall",
                "ratio cpu"));
        double[][] columns = new double[12][bare.size()];
        for (int i = 0; i < bare.size(); i++) {
            Timed a = bare.get(i);
            Timed p = parser.get(i);
            Timed z = analyze.get(i);
            double[] row = {a.wallSeconds(), a.cpuSeconds(), a.peakRssMb(), p.wallSeconds(), p.cpuSeconds(),
                    z.wallSeconds(), z.cpuSeconds(), z.peakRssMb(), z.wallSeconds() / a.wallSeconds(),
                    z.cpuSeconds() / a.cpuSeconds(), p.wallSeconds() / a.wallSeconds(),
                    p.cpuSeconds() / a.cpuSeconds()};
            for (int c = 0; c < row.length; c++) {
                columns[c][i] = row[c];
            }
            b.append(row(format, Integer.toString(i + 1), row));
        }
        double[] medians = new double[columns.length];
        for (int c = 0; c < columns.length; c++) {
            // A peak RSS /proc did not tell (-1) is left out of its median.
            double[] known = c == 2 || c == 7
                    ? Arrays.stream(columns[c]).filter(v -> v >= 0).toArray()
                    : columns[c];
            medians[c] = known.length == 0 ? -1 : OverheadTable.median(known);
        }
        b.append(row(format, "median", medians));
        b.append(String.format(Locale.ROOT,
                "ratio analyze/bare: wall %.2f, cpu %.2f (medians of the repeats' ratios; target: wall <= 1.00)%n",
                medians[8], medians[9]));
        b.append(String.format(Locale.ROOT,
                "ratio parser/bare: wall %.2f, cpu %.2f (poolscope's parser alone; the rest of analyze's time is its"
                        + " own work)%n",
                medians[10], medians[11]));
        return b.toString();
    }

    private static String row(String format, String label, double[] v) {
        return String.format(Locale.ROOT, format, label, seconds(v[0]), seconds(v[1]), mb(v[2]),
                seconds(v[3]), seconds(v[4]), seconds(v[5]), seconds(v[6]), mb(v[7]), ratio(v[8]),
                ratio(v[9]));
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.2f s", s);
    }

    private static String mb(double mb) {
        return mb < 0 ? "-" : String.format(Locale.ROOT, "%.0f MB", mb);
    }

    private static String ratio(double r) {
        return Double.isFinite(r) ? String.format(Locale.ROOT, "%.2f", r) : "-";
    }

    private static Timed check(Timed t, String what, Path output) throws IOException {
        if (t.exit() != 0) {
            throw new UserError(what + " exited " + t.exit() + ": " + lastLine(output));
        }
        return t;
    }

    /** The last line a child wrote that is not blank, for a one-line error. */
    static String lastLine(Path output) throws IOException {
        List<String> lines = Files.readAllLines(output).stream().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "(no output)" : lines.getLast().strip();
    }

    /** Where this class is loaded from (the cli jar, or its classes folder in a build): BareRead's class path. */
    private static String ownClassPath() throws URISyntaxException {
        return Path.of(BareRead.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
