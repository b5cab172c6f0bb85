package dev.poolscope.cli.process;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The app's log file, read back while the app writes it: the app's output goes straight into the file (no thread of
 * ours between the app and its standard output, so a chatty app never waits for us), and what the launcher needs from
 * it (the ready line, the last lines for a message) is read from there. Complete lines only: a line the app is still
 * writing is read on the next look.
 */
final class AppLog {
    private static final int TAIL = 15;
    private static final int CHUNK = 1 << 20;

    private final Path file;
    private final String marker;
    private final Deque<String> tail = new ArrayDeque<>();
    private long offset;
    private String marked;
    private List<String> markedContext = List.of();

    /** {@code marker}: the line to look out for (the ready line), or null. */
    AppLog(Path file, String marker) {
        this.file = file;
        this.marker = marker;
    }

    /**
     * Reads the lines written since the last look. Returns the text after the marker on the first line that holds it,
     * or null while there is none.
     */
    synchronized String marked() {
        read();
        return marked;
    }

    /** The lines up to and including the marked line (at most the last 15): what the app said while starting. */
    synchronized List<String> markedContext() {
        return markedContext;
    }

    /** The last 15 lines written so far. */
    synchronized List<String> tail() {
        read();
        return new ArrayList<>(tail);
    }

    private void read() {
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocate(CHUNK);
            while (offset < in.size()) {
                buf.clear();
                int n = in.read(buf, offset);
                if (n <= 0) {
                    return;
                }
                int end = n - 1;
                while (end >= 0 && buf.get(end) != '\n') {
                    end--;
                }
                if (end < 0) {
                    // No line end in a whole chunk: take it as one line, or wait for the rest of a short one.
                    if (n < CHUNK) {
                        return;
                    }
                    end = n - 1;
                }
                String text = new String(buf.array(), 0, end + 1, StandardCharsets.UTF_8);
                offset += end + 1;
                for (String line : text.split("\r?\n")) {
                    add(line);
                }
            }
        } catch (IOException e) {
            // Not created yet, or gone: nothing more to read now.
        }
    }

    private void add(String line) {
        tail.addLast(line);
        if (tail.size() > TAIL) {
            tail.removeFirst();
        }
        if (marked == null && marker != null) {
            int at = line.indexOf(marker);
            if (at >= 0) {
                marked = line.substring(at + marker.length());
                markedContext = List.copyOf(tail);
            }
        }
    }
}
