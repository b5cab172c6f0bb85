package dev.poolscope.analysis.flame;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.poolscope.analysis.output.AtomicWrite;
import dev.poolscope.format.folder.RunFolder;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.jfr.JfrReader;

/**
 * With {@link SelectedConverter}, {@link JdkStackGraph}, {@link WallSampleReader}, {@link ProfileSamples},
 * {@link AgentCpuReader} and {@link ConverterFrames}, the only classes that touch async-profiler's converter
 * ({@code tools.profiler:jfr-converter}, no stability promise: pinned, and wrapped here; the exports also encode
 * protobuf with its {@code one.proto.Proto}). Writes a flame graph of async-profiler's recording as async-profiler
 * HTML and as gzipped collapsed text ({@link CollapsedFiles}), optionally restricted to chosen threads and time
 * windows; and the differential graph of two runs' collapsed stacks.
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
        Path collapsed = dir.resolve(RunFolder.FLAME_PREFIX + name + CollapsedFiles.SUFFIX);
        try (JfrReader reader = new JfrReader(jfr.toString())) {
            SelectedConverter converter = new SelectedConverter(reader, args, selection);
            converter.convert();
            // Collapsed first: the HTML dump consumes the graph's frame-name pool (FlameGraph.printCpool clears
            // it), so anything dumped after it comes out empty.
            args.output = "collapsed";
            args.minwidth = 0;
            AtomicWrite.write(collapsed, CollapsedFiles.gzipped(converter::dump));
            args.output = "html";
            args.minwidth = HTML_MIN_WIDTH_PERCENT;
            AtomicWrite.write(html, converter::dump);
        } catch (RuntimeException e) {
            throw new IOException("cannot convert " + jfr.getFileName() + ": " + e, e);
        }
        return CollapsedFiles.summarize(name, html, collapsed);
    }

    /**
     * The collapsed stacks alone, as plain text, into {@code out}: the report's {@code flame-NAME.collapsed.gz} of the
     * same selection, not gzipped (what {@code poolscope export --format collapsed} writes). Returns the samples.
     */
    public long writeCollapsed(Path jfr, Mode mode, Selection selection, Path out) throws IOException {
        Arguments args = new Arguments(mode.flag, "--norm");
        try (JfrReader reader = new JfrReader(jfr.toString())) {
            SelectedConverter converter = new SelectedConverter(reader, args, selection);
            converter.convert();
            args.output = "collapsed";
            args.minwidth = 0;
            AtomicWrite.write(out, converter::dump);
        } catch (RuntimeException e) {
            throw new IOException("cannot convert " + jfr.getFileName() + ": " + e, e);
        }
        return CollapsedFiles.summarize(null, null, out).samples();
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
        Map<String, Long> base = CollapsedFiles.read(baseCollapsed);
        Map<String, Long> newer = CollapsedFiles.read(newerCollapsed);
        long baseTotal = base.values().stream().mapToLong(Long::longValue).sum();
        long newerTotal = newer.values().stream().mapToLong(Long::longValue).sum();
        if (baseTotal == 0 || newerTotal == 0) {
            throw new IOException("no samples in "
                    + (baseTotal == 0 ? baseCollapsed : newerCollapsed).getFileName());
        }
        double scale = (double) newerTotal / baseTotal;
        Arguments args = new Arguments("--norm", "--title", title);
        FlameGraph baseGraph = new FlameGraph(args);
        baseGraph.parseCollapsed(new StringReader(CollapsedFiles.text(base, scale)));
        FlameGraph newerGraph = new FlameGraph(args);
        newerGraph.parseCollapsed(new StringReader(CollapsedFiles.text(newer, 1)));
        newerGraph.diff(baseGraph);
        Path html = dir.resolve(name + ".html");
        Path collapsed = dir.resolve(name + CollapsedFiles.SUFFIX);
        args.output = "collapsed";
        AtomicWrite.write(collapsed, CollapsedFiles.gzipped(newerGraph::dump));
        args.output = "html";
        args.minwidth = HTML_MIN_WIDTH_PERCENT;
        try {
            AtomicWrite.write(html, newerGraph::dump);
        } catch (RuntimeException e) {
            throw new IOException("cannot write " + html.getFileName() + ": " + e, e);
        }
        return CollapsedFiles.summarize(name, html, collapsed);
    }
}
