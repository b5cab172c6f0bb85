package dev.poolscope.analysis.flame;

import java.io.BufferedReader;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import dev.poolscope.analysis.output.AtomicWrite;
import dev.poolscope.format.folder.RunFolder;

/**
 * Collapsed stacks ({@code frame;frame;leaf COUNT} a line), the text beside each flame graph that other tools and the
 * comparison's differential graph read: where a run keeps them, gzipped or plain, and what a file holds.
 */
public final class CollapsedFiles {
    static final String SUFFIX = ".collapsed.gz";

    private CollapsedFiles() {
    }

    /**
     * The collapsed file of graph {@code name} in a run folder: {@code flame-NAME.collapsed.gz}, or the plain
     * {@code .collapsed} of a run analysed before they were gzipped; the gzipped name when neither exists.
     */
    public static Path in(Path dir, String name) {
        Path gz = dir.resolve(RunFolder.FLAME_PREFIX + name + SUFFIX);
        Path plain = dir.resolve(RunFolder.FLAME_PREFIX + name + ".collapsed");
        return !Files.exists(gz) && Files.exists(plain) ? plain : gz;
    }

    /** Reads collapsed text, gunzipping a {@code .gz} file. */
    public static BufferedReader open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            in = new GZIPInputStream(in, 1 << 16);
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }

    /** Each stack's count, merged where a stack repeats; lines that are not collapsed stacks are skipped. */
    static Map<String, Long> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " does not exist");
        }
        Map<String, Long> stacks = new HashMap<>();
        try (BufferedReader r = open(file)) {
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

    /** The stacks as collapsed text, each count scaled and rounded; stacks that round to nothing left out. */
    static String text(Map<String, Long> stacks, double scale) {
        StringBuilder sb = new StringBuilder();
        stacks.forEach((stack, n) -> {
            long scaled = Math.round(n * scale);
            if (scaled > 0) {
                sb.append(stack).append(' ').append(scaled).append('\n');
            }
        });
        return sb.toString();
    }

    /** The body, gzipped. */
    static AtomicWrite.Body gzipped(AtomicWrite.Body body) {
        return target -> {
            GZIPOutputStream gz = new GZIPOutputStream(target, 1 << 16);
            // The converter may close what it is given; the gzip trailer must still be written after it.
            body.write(new FilterOutputStream(gz) {
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

    /** The written graph: its total from the collapsed file, and the ten leaf frames with most samples. */
    static FlameGraphs.Graph summarize(String name, Path html, Path collapsed) throws IOException {
        long total = 0;
        Map<String, Long> leaves = new HashMap<>();
        try (BufferedReader r = open(collapsed)) {
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
        List<FlameGraphs.Frame> top = new ArrayList<>();
        leaves.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(10)
                .forEach(e -> top.add(new FlameGraphs.Frame(e.getKey(), e.getValue())));
        return new FlameGraphs.Graph(name, html, collapsed, total, List.copyOf(top));
    }
}
