package dev.poolscope.analysis.flame;

import dev.poolscope.analysis.output.AtomicWrite;
import dev.poolscope.format.folder.RunFolder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.model.StackProfiles;
import one.convert.Arguments;
import one.convert.CallStack;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;
import one.jfr.JfrReader;
import one.jfr.event.Event;
import one.jfr.event.EventCollector;

/**
 * With {@link WallSampleReader} and {@link ProfileSamples}, the only classes that touch async-profiler's converter
 * ({@code tools.profiler:jfr-converter}, no stability promise: pinned, and wrapped here; the exports also encode
 * protobuf with its {@code one.proto.Proto}). Writes a flame graph as async-profiler HTML and as gzipped collapsed text,
 * optionally restricted to chosen threads and time windows.
 *
 * <p>
 * Sizes stay bounded on deep framework stacks (minutes of a Spring app once made 110 MB of collapsed text per graph):
 * the HTML leaves out frames narrower than {@link #HTML_MIN_WIDTH_PERCENT} of all samples, and the collapsed text,
 * which keeps every stack for other tools and for the comparison's differential graph, is gzipped.
 */
public final class FlameGraphs {

    /**
     * Frames narrower than this share of the samples are left out of the HTML: at 0.02 % a frame is a quarter of a
     * pixel wide on a 1,200-pixel graph, visible only after zooming in four times. Their samples still count in every
     * wider frame above them.
     */
    public static final double HTML_MIN_WIDTH_PERCENT = 0.02;
    static final String COLLAPSED = ".collapsed.gz";

    public enum Mode {
        CPU("--cpu"), WALL("--wall"), LOCK("--lock");

        final String flag;

        Mode(String flag) {
            this.flag = flag;
        }
    }

    /** Which samples to keep: by thread (Java id, or OS id as async-profiler records it) and epoch-nanos time. */
    public interface Selection {
        boolean includes(long javaThreadId, long osThreadId, long epochNanos);
    }

    /** One written graph; {@code samples} is the collapsed total; {@code topFrames} leaf frames by weight. */
    public record Graph(String name, Path html, Path collapsed, long samples, List<Frame> topFrames) {
        /** Frames with fewer samples than this are not in the HTML. */
        public long htmlMinFrameSamples() {
            return (long) (samples * HTML_MIN_WIDTH_PERCENT / 100);
        }
    }

    public record Frame(String name, long samples) {
    }

    /**
     * Converts {@code jfr} into {@code dir/flame-NAME.html} and {@code .collapsed.gz}. Returns null-free results;
     * throws IOException with a one-line message when the file is not readable.
     */
    public Graph write(Path jfr, Mode mode, String name, String title, Path dir, Selection selection)
            throws IOException {
        Arguments args = new Arguments(mode.flag, "--norm", "--title", title);
        Path html = dir.resolve(RunFolder.FLAME_PREFIX + name + ".html");
        Path collapsed = dir.resolve(RunFolder.FLAME_PREFIX + name + COLLAPSED);
        try (JfrReader reader = new JfrReader(jfr.toString())) {
            Selected converter = new Selected(reader, args, selection);
            converter.convert();
            // Collapsed first: the HTML dump consumes the graph's frame-name pool (FlameGraph.printCpool clears
            // it), so anything dumped after it comes out empty.
            args.output = "collapsed";
            args.minwidth = 0;
            AtomicWrite.write(collapsed, gzipped(converter::dump));
            args.output = "html";
            args.minwidth = HTML_MIN_WIDTH_PERCENT;
            AtomicWrite.write(html, converter::dump);
        } catch (RuntimeException e) {
            throw new IOException("cannot convert " + jfr.getFileName() + ": " + e, e);
        }
        return summarize(name, html, collapsed);
    }

    /**
     * Draws {@code stacks} (counted stacks of the JDK recording, read in the analysis' own pass) into
     * {@code dir/flame-NAME.html} and {@code .collapsed.gz}, framed as the converter frames them: root first,
     * {@code class/Name.method} with the frame's type, hidden classes without their address (its {@code --norm}).
     */
    public Graph write(StackProfiles stacks, dev.poolscope.analysis.recording.Events.StackKind kind,
            java.util.Set<Long> threads, String name, String title, Path dir) throws IOException {
        Arguments args = new Arguments("--norm", "--title", title);
        FlameGraph graph = new FlameGraph(args);
        CallStack call = new CallStack();
        Map<String, String> names = new HashMap<>();
        stacks.forEach(kind, threads, (stack, count) -> {
            call.clear();
            for (int i = stack.size() - 1; i >= 0; i--) {
                boolean waitedOn = stack.kind(i) == dev.poolscope.analysis.recording.Events.FrameKind.CLASS;
                call.push(names.computeIfAbsent(stack.frame(i),
                        waitedOn ? FlameGraphs::javaName : FlameGraphs::normalized), type(stack.kind(i)));
            }
            graph.addSample(call, count);
        });
        Path html = dir.resolve("flame-" + name + ".html");
        Path collapsed = dir.resolve("flame-" + name + COLLAPSED);
        try {
            // Collapsed first: the HTML dump consumes the graph's frame-name pool.
            args.output = "collapsed";
            args.minwidth = 0;
            AtomicWrite.write(collapsed, gzipped(graph::dump));
            args.output = "html";
            args.minwidth = HTML_MIN_WIDTH_PERCENT;
            AtomicWrite.write(html, graph::dump);
        } catch (RuntimeException e) {
            throw new IOException("cannot write " + html.getFileName() + ": " + e, e);
        }
        return summarize(name, html, collapsed);
    }

    /** {@code Class.method}, the class as {@link #normalizedClass} makes it. */
    static String normalized(String frame) {
        int dot = frame.lastIndexOf('.');
        return dot < 0
                ? normalizedClass(frame)
                : normalizedClass(frame.substring(0, dot)) + frame.substring(dot);
    }

    /** A class waited on as Java spells it: {@code int[]}, {@code java.lang.Object[]}, not {@code [I}. */
    static String javaName(String className) {
        String readable = dev.poolscope.analysis.recording.ClassNames.readable(className);
        int array = readable.indexOf("[]");
        return array < 0
                ? normalizedClass(readable)
                : normalizedClass(readable.substring(0, array)) + readable.substring(array);
    }

    /** A class name without a hidden class's trailing address ({@code /0x…}, {@code .0x…}, {@code +0x…/…}). */
    static String normalizedClass(String name) {
        String cls = name;
        int cut = Math.max(cls.lastIndexOf('/'), cls.lastIndexOf('.'));
        if (cut > 0 && cut + 1 < cls.length() && Character.isDigit(cls.charAt(cut + 1))) {
            cls = cls.substring(0, cut);
            int plus = cls.lastIndexOf("+0");
            if (plus > 0 && cls.length() - plus == 19) {
                cls = cls.substring(0, plus);
            }
        }
        return cls;
    }

    private static byte type(dev.poolscope.analysis.recording.Events.FrameKind kind) {
        return switch (kind) {
            case INTERPRETED -> one.convert.Frame.TYPE_INTERPRETED;
            case JIT_COMPILED -> one.convert.Frame.TYPE_JIT_COMPILED;
            case INLINED -> one.convert.Frame.TYPE_INLINED;
            case NATIVE -> one.convert.Frame.TYPE_NATIVE;
            case C1_COMPILED -> one.convert.Frame.TYPE_C1_COMPILED;
            case OTHER -> one.convert.Frame.TYPE_JIT_COMPILED;
            // The converter's own choice for the class a lock event waited on.
            case CLASS -> one.convert.Frame.TYPE_INLINED;
        };
    }

    /**
     * The collapsed stacks alone, as plain text, into {@code out}: the report's {@code flame-NAME.collapsed.gz} of the
     * same selection, not gzipped (what {@code poolscope export --format collapsed} writes). Returns the samples.
     */
    public long writeCollapsed(Path jfr, Mode mode, Selection selection, Path out) throws IOException {
        Arguments args = new Arguments(mode.flag, "--norm");
        try (JfrReader reader = new JfrReader(jfr.toString())) {
            Selected converter = new Selected(reader, args, selection);
            converter.convert();
            args.output = "collapsed";
            args.minwidth = 0;
            AtomicWrite.write(out, converter::dump);
        } catch (RuntimeException e) {
            throw new IOException("cannot convert " + jfr.getFileName() + ": " + e, e);
        }
        return summarize(null, null, out).samples();
    }

    /**
     * A differential graph: the stacks of {@code newer} coloured by how their self time changed from {@code base}
     * (the converter's {@code --diff}; the per-run graphs are written with {@code --norm}, so generated class names match
     * across runs). Wall-clock sample counts
     * depend on how busy the sampler was, so the base's counts are first scaled to the newer total: colours show a
     * shift in proportion, not in raw samples. Writes {@code dir/NAME.html} and {@code NAME.collapsed.gz} (the newer
     * side's stacks). Reads collapsed files gzipped or not.
     */
    public Graph diff(Path baseCollapsed, Path newerCollapsed, String name, String title, Path dir)
            throws IOException {
        Map<String, Long> base = readCollapsed(baseCollapsed);
        Map<String, Long> newer = readCollapsed(newerCollapsed);
        long baseTotal = base.values().stream().mapToLong(Long::longValue).sum();
        long newerTotal = newer.values().stream().mapToLong(Long::longValue).sum();
        if (baseTotal == 0 || newerTotal == 0) {
            throw new IOException("no samples in "
                    + (baseTotal == 0 ? baseCollapsed : newerCollapsed).getFileName());
        }
        double scale = (double) newerTotal / baseTotal;
        Arguments args = new Arguments("--norm", "--title", title);
        FlameGraph baseGraph = new FlameGraph(args);
        baseGraph.parseCollapsed(new StringReader(collapsedText(base, scale)));
        FlameGraph newerGraph = new FlameGraph(args);
        newerGraph.parseCollapsed(new StringReader(collapsedText(newer, 1)));
        newerGraph.diff(baseGraph);
        Path html = dir.resolve(name + ".html");
        Path collapsed = dir.resolve(name + COLLAPSED);
        args.output = "collapsed";
        AtomicWrite.write(collapsed, gzipped(newerGraph::dump));
        args.output = "html";
        args.minwidth = HTML_MIN_WIDTH_PERCENT;
        try {
            AtomicWrite.write(html, newerGraph::dump);
        } catch (RuntimeException e) {
            throw new IOException("cannot write " + html.getFileName() + ": " + e, e);
        }
        return summarize(name, html, collapsed);
    }

    private static Map<String, Long> readCollapsed(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " does not exist");
        }
        Map<String, Long> stacks = new HashMap<>();
        try (BufferedReader r = openCollapsed(file)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int space = line.lastIndexOf(' ');
                if (space <= 0) {
                    continue;
                }
                try {
                    stacks.merge(line.substring(0, space), Long.parseLong(line.substring(space + 1).trim()),
                            Long::sum);
                } catch (NumberFormatException e) {
                    // not a collapsed line; skip it like the converter does
                }
            }
        }
        return stacks;
    }

    /**
     * The collapsed file of graph {@code name} in a run folder: {@code flame-NAME.collapsed.gz}, or the plain
     * {@code .collapsed} of a run analysed before they were gzipped; the gzipped name when neither exists.
     */
    public static Path collapsedIn(Path dir, String name) {
        Path gz = dir.resolve(RunFolder.FLAME_PREFIX + name + COLLAPSED);
        Path plain = dir.resolve(RunFolder.FLAME_PREFIX + name + ".collapsed");
        return !Files.exists(gz) && Files.exists(plain) ? plain : gz;
    }

    /** Reads collapsed text, gunzipping a {@code .gz} file. */
    public static BufferedReader openCollapsed(Path file) throws IOException {
        java.io.InputStream in = Files.newInputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            in = new java.util.zip.GZIPInputStream(in, 1 << 16);
        }
        return new BufferedReader(new java.io.InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    private static AtomicWrite.Body gzipped(AtomicWrite.Body body) {
        return target -> {
            java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(target, 1 << 16);
            // The converter may close what it is given; the gzip trailer must still be written after it.
            body.write(new java.io.FilterOutputStream(gz) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    gz.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush();
                }
            });
            gz.finish();
        };
    }

    private static String collapsedText(Map<String, Long> stacks, double scale) {
        StringBuilder sb = new StringBuilder();
        stacks.forEach((stack, n) -> {
            long scaled = Math.round(n * scale);
            if (scaled > 0) {
                sb.append(stack).append(' ').append(scaled).append('\n');
            }
        });
        return sb.toString();
    }

    private static Graph summarize(String name, Path html, Path collapsed) throws IOException {
        long total = 0;
        Map<String, Long> leaves = new HashMap<>();
        try (BufferedReader r = openCollapsed(collapsed)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int space = line.lastIndexOf(' ');
                if (space <= 0) {
                    continue;
                }
                long n;
                try {
                    n = Long.parseLong(line.substring(space + 1).trim());
                } catch (NumberFormatException e) {
                    continue;
                }
                total += n;
                String stack = line.substring(0, space);
                String leaf = stack.substring(stack.lastIndexOf(';') + 1);
                leaves.merge(leaf, n, Long::sum);
            }
        }
        List<Frame> top = new ArrayList<>();
        leaves.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(10)
                .forEach(e -> top.add(new Frame(e.getKey(), e.getValue())));
        return new Graph(name, html, collapsed, total, List.copyOf(top));
    }

    /**
     * The converter with one more exclusion: samples outside the selection. The converter (4.5) never consults its own
     * {@code excludeStack} hook, so the filter sits in front of its event collector, which sees every sample while its
     * chunk is being read (so chunk-relative times convert correctly).
     */
    private static final class Selected extends JfrToFlame {
        private final Selection selection;

        Selected(JfrReader reader, Arguments args, Selection selection) {
            super(reader, args);
            this.selection = selection;
        }

        @Override
        protected EventCollector createCollector(Arguments args) {
            // Called from the super constructor: the returned filter reads this.selection only later, per event.
            EventCollector all = super.createCollector(args);
            return new EventCollector() {
                @Override
                public void collect(Event e) {
                    if (selected(e)) {
                        all.collect(e);
                    }
                }

                @Override
                public void beforeChunk() {
                    all.beforeChunk();
                }

                @Override
                public void afterChunk() {
                    all.afterChunk();
                }

                @Override
                public boolean finish() {
                    return all.finish();
                }

                @Override
                public void forEach(Visitor visitor) {
                    all.forEach(visitor);
                }
            };
        }

        private boolean selected(Event e) {
            if (selection == null) {
                return true;
            }
            Long javaId = jfr.javaThreads.get(e.tid);
            return selection.includes(javaId == null ? -1 : javaId, e.tid, jfr.eventTimeToNanos(e.time));
        }
    }
}
