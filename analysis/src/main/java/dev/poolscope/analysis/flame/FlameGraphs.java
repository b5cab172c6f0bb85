package dev.poolscope.analysis.flame;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import one.convert.Arguments;
import one.convert.JfrToFlame;
import one.jfr.JfrReader;

/**
 * The only class that touches async-profiler's converter ({@code tools.profiler:jfr-converter}, no stability
 * promise: pinned, and wrapped here). Writes a flame graph as async-profiler HTML and as collapsed text, optionally
 * restricted to chosen threads and time windows.
 */
public final class FlameGraphs {

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
    }

    public record Frame(String name, long samples) {
    }

    /**
     * Converts {@code jfr} into {@code dir/flame-NAME.html} and {@code .collapsed}. Returns null-free results; throws
     * IOException with a one-line message when the file is not readable.
     */
    public Graph write(Path jfr, Mode mode, String name, String title, Path dir, Selection selection)
            throws IOException {
        Arguments args = new Arguments(mode.flag, "--title", title);
        Path html = dir.resolve("flame-" + name + ".html");
        Path collapsed = dir.resolve("flame-" + name + ".collapsed");
        try (JfrReader reader = new JfrReader(jfr.toString())) {
            Selected converter = new Selected(reader, args, selection);
            converter.convert();
            args.output = "html";
            try (OutputStream out = Files.newOutputStream(html)) {
                converter.dump(out);
            }
            args.output = "collapsed";
            try (OutputStream out = Files.newOutputStream(collapsed)) {
                converter.dump(out);
            }
        } catch (RuntimeException e) {
            throw new IOException("cannot convert " + jfr.getFileName() + ": " + e, e);
        }
        return summarize(name, html, collapsed);
    }

    private static Graph summarize(String name, Path html, Path collapsed) throws IOException {
        long total = 0;
        Map<String, Long> leaves = new HashMap<>();
        try (BufferedReader r = Files.newBufferedReader(collapsed, StandardCharsets.UTF_8)) {
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

    /** The converter with one more exclusion: samples outside the selection. */
    private static final class Selected extends JfrToFlame {
        private final JfrReader reader;
        private final Selection selection;

        Selected(JfrReader reader, Arguments args, Selection selection) {
            super(reader, args);
            this.reader = reader;
            this.selection = selection;
        }

        @Override
        protected boolean excludeStack(int stackTraceId, int threadId, long time) {
            if (super.excludeStack(stackTraceId, threadId, time)) {
                return true;
            }
            if (selection == null) {
                return false;
            }
            Long javaId = reader.javaThreads.get(threadId);
            return !selection.includes(javaId == null ? -1 : javaId, threadId, reader.eventTimeToNanos(time));
        }
    }
}
