package dev.poolscope.format.jtl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads CSV records the way JMeter writes them (UTF-8): fields holding the delimiter, a quote or a line break are
 * quoted, quotes inside doubled. A quoted field may span lines (a failure message can), so this scans bytes, not
 * lines. A record keeps its bytes and where each field lies; a field becomes a String only when asked for, so a reader
 * that needs a few of a row's seventeen columns pays for those few.
 */
final class CsvRecords {
    private final InputStream in;
    private final byte delimiter;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int limit;
    private long line;

    /** @param firstLine number of the input's first line, for error messages */
    CsvRecords(InputStream in, char delimiter, long firstLine) {
        this.in = in;
        this.delimiter = (byte) delimiter;
        this.line = firstLine;
    }

    /** Line number where the next record starts, for error messages. */
    long line() {
        return line;
    }

    /** One record: its bytes and its fields' bounds; a quoted field's doubled quotes are undone when it is read. */
    static final class Record {
        private final byte[] bytes;
        private final int[] bounds;
        private final boolean[] quoted;
        private final int size;

        Record(byte[] bytes, int[] bounds, boolean[] quoted, int size) {
            this.bytes = bytes;
            this.bounds = bounds;
            this.quoted = quoted;
            this.size = size;
        }

        int size() {
            return size;
        }

        String get(int i) {
            int from = bounds[2 * i];
            int to = bounds[2 * i + 1];
            String s = new String(bytes, from, to - from, StandardCharsets.UTF_8);
            return quoted[i] ? s.replace("\"\"", "\"") : s;
        }

        /** A field of digits (an optional minus, blanks around) as a number, without making a String. */
        long getLong(int i) {
            int from = bounds[2 * i];
            int to = bounds[2 * i + 1];
            while (from < to && bytes[from] == ' ') {
                from++;
            }
            while (to > from && bytes[to - 1] == ' ') {
                to--;
            }
            boolean negative = from < to && bytes[from] == '-';
            int p = negative ? from + 1 : from;
            if (p == to || to - p > 18) {
                return Long.parseLong(get(i).trim());
            }
            long v = 0;
            for (; p < to; p++) {
                int d = bytes[p] - '0';
                if (d < 0 || d > 9) {
                    return Long.parseLong(get(i).trim());
                }
                v = v * 10 + d;
            }
            return negative ? -v : v;
        }

        boolean isBlank(int i) {
            for (int p = bounds[2 * i]; p < bounds[2 * i + 1]; p++) {
                if (bytes[p] != ' ' && bytes[p] != '\t') {
                    return false;
                }
            }
            return true;
        }
    }

    private byte[] rec = new byte[256];
    private int[] bounds = new int[64];
    private boolean[] quoted = new boolean[32];

    /**
     * The next record, or null at the end of the input.
     *
     * @throws IllegalArgumentException
     *             when the input ends inside a quoted field; the message continues a sentence about the input
     */
    Record next() throws IOException {
        int c = read();
        if (c == -1) {
            return null;
        }
        int n = 0;
        int fields = 0;
        int start = 0;
        boolean inQuotes = false;
        boolean wasQuoted = false;
        while (true) {
            if (inQuotes) {
                if (c == -1) {
                    throw new IllegalArgumentException(
                            "has an unterminated quoted field before line " + line);
                }
                if (c == '"') {
                    int after = read();
                    if (after == '"') {
                        // Kept doubled here, undone when the field is read.
                        n = put(n, '"');
                        n = put(n, '"');
                    } else {
                        inQuotes = false;
                        c = after;
                        continue;
                    }
                } else {
                    n = put(n, c);
                }
            } else if (c == '"' && n == start) {
                inQuotes = true;
                wasQuoted = true;
            } else if (c == delimiter) {
                fields = field(fields, start, n, wasQuoted);
                start = n;
                wasQuoted = false;
            } else if (c == '\n' || c == '\r' || c == -1) {
                if (c == '\r') {
                    int after = read();
                    if (after != '\n') {
                        unread();
                    }
                }
                fields = field(fields, start, n, wasQuoted);
                return new Record(Arrays.copyOf(rec, n), Arrays.copyOf(bounds, 2 * fields),
                        Arrays.copyOf(quoted, fields), fields);
            } else {
                n = put(n, c);
            }
            c = read();
        }
    }

    private int put(int n, int b) {
        if (n == rec.length) {
            rec = Arrays.copyOf(rec, n * 2);
        }
        rec[n] = (byte) b;
        return n + 1;
    }

    private int field(int fields, int start, int end, boolean wasQuoted) {
        if (2 * fields + 2 > bounds.length) {
            bounds = Arrays.copyOf(bounds, bounds.length * 2);
            quoted = Arrays.copyOf(quoted, quoted.length * 2);
        }
        bounds[2 * fields] = start;
        bounds[2 * fields + 1] = end;
        quoted[fields] = wasQuoted;
        return fields + 1;
    }

    private int read() throws IOException {
        if (pos == limit) {
            limit = in.read(buf, 0, buf.length);
            pos = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        int c = buf[pos++] & 0xFF;
        if (c == '\n') {
            line++;
        }
        return c;
    }

    /** Steps back over the byte just read (never across a refill: it is still in the buffer). */
    private void unread() {
        if (pos > 0) {
            pos--;
            if (buf[pos] == '\n') {
                line--;
            }
        }
    }
}
